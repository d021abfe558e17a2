/**
 * The server's renderer of the diner pages (/landing, /public-menu, /table/:n, and a branch's
 * /b/:slug/public-menu and /b/:slug/table/:n). `vite build --ssr` bundles it
 * with everything it uses into dist/.ssr/entry-server.js, which apps/server/src/plugins/public-pages.ts loads:
 * a phone gets the page's HTML with the menu in it, paints it at once, and downloads no JavaScript until the
 * diner first taps (`bootServerPage`).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { RootLayout } from './app/RootLayout';
import { branchSlugOf } from './lib/diner-branch';
import { publicMenuDataKeyOf } from './features/public-menu/api/get-public-menu';
import { LandingPage } from './features/landing/pages/LandingPage';
import { PublicMenuPage } from './features/public-menu/pages/PublicMenuPage';
import { cartDraftKey, pendingOrderKey, trackedOrderKey } from './features/table-ordering/components/table-session';
import { loadTableOrdering } from './features/table-ordering/components/load-table-ordering';
import { TableOrderingPage } from './features/table-ordering/pages/TableOrderingPage';
import { activateLanguage } from './lib/i18n';
import { serverPageElementId, serverPageHydratedEvent, takeServerTitle, type ServerPage } from './lib/server-render';
import { seedPublicData } from './lib/use-public-data';

export { serverPageElementId, type ServerPage };

/** The diner pages as app/routes.tsx has them, without lazy loading: the server has all their code. */
const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/landing', Component: LandingPage },
      { path: '/public-menu', Component: PublicMenuPage },
      { path: '/table/:tableNo', Component: TableOrderingPage },
      { path: '/b/:slug/public-menu', Component: PublicMenuPage },
      { path: '/b/:slug/table/:tableNo', Component: TableOrderingPage },
    ],
  },
];
const handler = createStaticHandler(routes);

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** The document's title, as the page sets it. */
  title: string | null;
}

// One render at a time: the language and the seeded menu are the app's (module-wide) state while it runs.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders a diner page at `url` (absolute) in `page.language` with `page.menu`, as the app's first render in
 * the browser will be, waiting for every lazy part (the table page's cart) so the HTML is whole.
 */
export function renderServerPage(url: string, page: ServerPage): Promise<RenderedPage> {
  const rendered = queue.then(async () => {
    await Promise.all([activateLanguage(page.language), loadTableOrdering()]);
    // Under the key of the page's branch, where its menu hook looks.
    seedPublicData(publicMenuDataKeyOf(branchSlugOf(new URL(url).pathname)), page.menu);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) throw new Error(`${url} is not a diner page`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    );
    const html = await new Response(prelude).text();
    return { html, title: takeServerTitle() };
  });
  queue = rendered.catch(() => undefined);
  return rendered;
}

/**
 * What the boot script needs from the page's data block, as its `data-*` attributes. `slug`: the branch of a
 * `/b/<slug>/table/<n>` page (its tab keeps its tables apart from another branch's); null for the first.
 */
export function bootAttributes(
  entry: string,
  tableNo: number | null,
  slug: string | null = null,
): Record<string, string> {
  // A diner back at a table with an order under way (or a cart, or an order whose answer was lost) gets the
  // app at once: the page opens on that order, which only the app can show.
  const wakeKeys =
    tableNo === null
      ? []
      : [trackedOrderKey(tableNo, slug), pendingOrderKey(tableNo, slug), cartDraftKey(tableNo, slug)];
  return {
    'data-entry': entry,
    'data-wake-keys': JSON.stringify(wakeKeys),
    'data-hydrated-event': serverPageHydratedEvent,
  };
}

/**
 * The page's only script until the diner acts (inlined, its hash in the Content-Security-Policy): on the
 * first touch, key or focus it loads the app, which hydrates the page; a tap on a button before then is held
 * and repeated once the app has the page. Links work without it (the server renders the next page too).
 * Self-contained: the server inlines its source text.
 */
export function bootServerPage(): void {
  const data = document.getElementById('quan-page'); // serverPageElementId: this function is sent as its text
  if (!data) return;
  const { entry = '', wakeKeys = '[]', hydratedEvent = '' } = data.dataset;
  const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  let heldButton: HTMLElement | null = null;
  let hydrated = false;
  let heldLabel: string | null = null;
  const holdTap = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (hydrated || !button) return;
    event.preventDefault();
    event.stopPropagation();
    heldButton = button;
    heldLabel = button.getAttribute('aria-label');
  };
  const load = () => {
    for (const intent of intents) removeEventListener(intent, load, true);
    void import(/* @vite-ignore */ entry);
  };
  document.addEventListener(
    hydratedEvent,
    () => {
      hydrated = true;
      removeEventListener('click', holdTap, true);
      // In a task of its own: the app is told from inside React's first effects, which is no place for a tap.
      setTimeout(() => {
        // The same button, or, if the app had to draw the page anew, the button that has its name now.
        const button =
          heldButton?.isConnected || !heldLabel
            ? heldButton
            : Array.from(document.querySelectorAll('button')).find(
                (each) => each.getAttribute('aria-label') === heldLabel,
              );
        if (button?.isConnected) button.click();
      });
    },
    { once: true },
  );
  addEventListener('click', holdTap, true);
  let wake = false;
  try {
    wake = (JSON.parse(wakeKeys) as string[]).some((key) => sessionStorage.getItem(key) !== null);
  } catch {
    // No storage (private browsing): nothing kept to open on.
  }
  if (wake) load();
  else for (const intent of intents) addEventListener(intent, load, { capture: true, passive: true });
}
