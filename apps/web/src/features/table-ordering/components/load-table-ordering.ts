import type { TableOrdering } from './TableOrdering';

let loaded: typeof TableOrdering | null = null;

/**
 * The table page's ordering part (the cart, sending, live status) is a chunk of its own, fetched while the
 * menu shows. Once fetched it renders at once: a page the server rendered fetches it before the app takes
 * the page over, so that the app's first render has the cart buttons the server's HTML has.
 */
export async function loadTableOrdering(): Promise<typeof TableOrdering> {
  loaded ??= (await import('./TableOrdering')).TableOrdering;
  return loaded;
}

/** The ordering part, when it has been fetched already. */
export const loadedTableOrdering = (): typeof TableOrdering | null => loaded;
