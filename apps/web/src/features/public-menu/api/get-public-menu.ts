import { useEffect } from 'react';
import type { PublicMenu } from '@quan/contract/public';
import { publicRequest, takePreloaded } from '../../../lib/public-api';
import type { AppSocket } from '../../../lib/socket';
import { usePublicData, type LoadContext } from '../../../lib/use-public-data';

export const publicMenuPath = '/api/public-menu';
/** The public menu's key in usePublicData, under which a page the server rendered seeds it. */
export const publicMenuDataKey = 'public-menu';

/**
 * GET /api/public-menu: available dishes by category. The first load takes the answer the route preloaded
 * (app/routes.tsx); a reload revalidates the browser's copy (ETag) instead of reusing it.
 */
export function fetchPublicMenu({ signal, isReload }: LoadContext): Promise<PublicMenu> {
  const preloaded = isReload ? undefined : takePreloaded<PublicMenu>(publicMenuPath);
  return (
    preloaded ?? publicRequest<PublicMenu>('GET', publicMenuPath, { signal, cache: isReload ? 'no-cache' : 'default' })
  );
}

/**
 * The public menu. Given the diner socket, it reloads on `menu:updated` (a dish sold out disappears at once)
 * and after a reconnection, when updates may have been missed.
 */
export function usePublicMenu(socket: AppSocket | null) {
  const menu = usePublicData(publicMenuDataKey, fetchPublicMenu);
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
