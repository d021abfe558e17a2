import type { Language } from '@quan/contract/language';
import type { PublicMenu } from '@quan/contract/public';

/*
 * The diner pages (/landing, /public-menu, /table/:n) arrive from the server as HTML with their content in it
 * (src/entry-server.tsx renders them, apps/server/src/plugins/public-pages.ts serves them), and the app takes
 * them over on the diner's first tap. What the two sides share about such a page is here.
 */

/** The id of the page's data block: `<script type="application/json" id="…">`, read by the boot script and the app. */
export const serverPageElementId = 'quan-page';

/** What the server rendered the page from; the app hydrates it with the same, so both render alike. */
export interface ServerPage {
  language: Language;
  menu: PublicMenu;
}

let renderedOnServer = false;

/** This document arrived rendered by the server (or this is the server rendering it). */
export function isServerRendered(): boolean {
  return import.meta.env.SSR || renderedOnServer;
}

/** Called once, before the app hydrates a page the server rendered. */
export function markServerRendered(): void {
  renderedOnServer = true;
}

/** The server's page data in this document, if the server rendered it. */
export function readServerPage(): ServerPage | null {
  const element = document.getElementById(serverPageElementId);
  return element?.textContent ? (JSON.parse(element.textContent) as ServerPage) : null;
}

let serverTitle: string | null = null;

/** The title a page asked for while the server rendered it (usePageTitle), taken once. */
export function takeServerTitle(): string | null {
  const title = serverTitle;
  serverTitle = null;
  return title;
}

/** usePageTitle on the server: effects do not run there, so the title is noted while rendering. */
export function noteServerTitle(title: string): void {
  serverTitle = title;
}

/** Dispatched on `document` once the app has taken the page over; the boot script then repeats the first tap. */
export const serverPageHydratedEvent = 'quan:hydrated';
