import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { registerOfflineShell } from '../lib/offline-shell';
import { createQueryClient } from '../lib/query-client';
import { followBrowserOffline } from '../lib/use-is-online';
import { createAppStore } from '../store/store';
import { AppProviders } from './AppProviders';

// One store and one query client for the page's lifetime, created when the first staff page loads: the
// session is read from localStorage then, and leaving for a public page and coming back keeps both. The
// store's thunks read through the same client, so the customers they fetch are cached once.
const queryClient = createQueryClient();
const store = createAppStore({ queryClient });
followBrowserOffline();

/**
 * The layout route above /auth and every staff page: Redux, TanStack Query, toasts and the staff socket.
 * It is a lazy route, so the diner pages (landing, public menu, table ordering) never download them.
 * After its first render it installs the offline shell (lib/offline-shell.ts), which is the staff app's alone.
 */
export function StaffProviders() {
  useEffect(() => {
    // Whatever the screens hold was fetched before the worker could keep it: fetched again, the worker keeps
    // the part a POS needs to open without a network.
    registerOfflineShell({ onFirstControl: () => void queryClient.refetchQueries() });
  }, []);

  return (
    <AppProviders store={store} queryClient={queryClient}>
      <Outlet />
    </AppProviders>
  );
}
