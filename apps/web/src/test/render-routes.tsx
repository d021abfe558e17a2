import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { createAppStore, type AppStore } from '../store/store';

/**
 * Renders routes inside the app's providers (minus the socket, which would try to connect).
 * The store is created here, after the test has prepared localStorage, unless one is given.
 */
export function renderRoutes(routes: RouteObject[], { path, store }: { path: string; store?: AppStore }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // As in the app, the store's thunks read through the screens' query client.
  const appStore = store ?? createAppStore({ queryClient });
  const view = render(
    <ReduxProvider store={appStore}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ReduxProvider>,
  );
  return { ...view, router, store: appStore, queryClient };
}

/**
 * Imports what the routes of `path` load lazily (the staff app, the page), before a file's tests render them: on a
 * busy two-core machine the first import, transformed on demand, can take longer than a findBy waits.
 */
export async function preloadRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : undefined)));
}
