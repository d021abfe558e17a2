import { useEffect } from 'react';
import type { PublicMenu } from '@quan/contract/public';
import { preloadPublic, publicRequest, takePreloaded } from '../../../lib/public-api';
import type { AppSocket } from '../../../lib/socket';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';
import { branchApiPath, branchSlugOf, useDinerBranch } from '../../../lib/diner-branch';

/** The first branch's menu: the original pages' (`/public-menu`, `/table/<n>`, `/landing`). */
export const publicMenuPath = '/api/public-menu';
/** The public menu's key in usePublicData, under which a page the server rendered seeds it. */
export const publicMenuDataKey = 'public-menu';

/** The menu of the branch a page names (`/b/<slug>/…`: its prices), or the first branch's for null. */
export const publicMenuPathOf = (slug: string | null) => (slug ? `${branchApiPath(slug)}/menu` : publicMenuPath);
/** publicMenuDataKey for the branch a page names: each branch's menu is kept apart. */
export const publicMenuDataKeyOf = (slug: string | null) => (slug ? `${publicMenuDataKey}:${slug}` : publicMenuDataKey);

/**
 * As a branch's page (`/b/<slug>/…`) starts loading, its menu starts too. Only when the browser opened that
 * address itself: on a tap from another page the route loads before the address changes, and the page's own
 * request is the one to make then.
 */
export function preloadBranchMenu(): void {
  const slug = typeof location === 'undefined' ? null : branchSlugOf(location.pathname);
  if (slug) preloadPublic(publicMenuPathOf(slug));
}

/**
 * GET /api/public-menu (or /api/public/b/<slug>/menu, a branch's): available dishes by category. The first load
 * takes the answer the route preloaded (app/routes.tsx); a reload revalidates the browser's copy (ETag) instead
 * of reusing it.
 */
export function fetchPublicMenu({ signal, isReload }: LoadContext, slug: string | null = null): Promise<PublicMenu> {
  const path = publicMenuPathOf(slug);
  const preloaded = isReload ? undefined : takePreloaded<PublicMenu>(path);
  return preloaded ?? publicRequest<PublicMenu>('GET', path, { signal, cache: isReload ? 'no-cache' : 'default' });
}

/**
 * The public menu of the page's branch. Given the diner socket, it reloads on `menu:updated` (a dish sold out disappears at once)
 * and after a reconnection, when updates may have been missed.
 */
export function usePublicMenu(socket: AppSocket | null) {
  const slug = useDinerBranch();
  const menu = usePublicData(publicMenuDataKeyOf(slug), (context) => fetchPublicMenu(context, slug));
  const { reload } = menu;

  useEffect(() => {
    if (!socket) return;
    socket.on('menu:updated', reload);
    socket.io.on('reconnect', reload);
    return () => {
      socket.off('menu:updated', reload);
      socket.io.off('reconnect', reload);
    };
  }, [socket, reload]);

  return menu;
}
