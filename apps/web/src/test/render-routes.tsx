import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { Provider as ReduxProvider } from 'react-redux';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { createAppStore, type AppStore } from '../store/store';

/**
 * Renders routes inside the app's providers (minus the socket, which would try to connect).
 * The store is created here, after the test has prepared localStorage, unless one is given.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path, store = createAppStore() }: { path: string; store?: AppStore },
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={3} autoHideDuration={3000}>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </ReduxProvider>,
  );
  return { ...view, router, store, queryClient };
}
