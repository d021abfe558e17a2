import { createBrowserRouter, matchRoutes } from 'react-router';
import { createRoutes } from './routes';

/** The app's router in the browser. */
export function createAppRouter() {
  return createBrowserRouter(createRoutes({ staffProviders: true }));
}

/**
 * The router for a page the server rendered: the routes of the current address are loaded first, so the router
 * starts ready and its first render is the page itself, not the loading fallback, as hydration needs.
 */
export async function createHydratingRouter() {
  const routes = createRoutes({ staffProviders: true });
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      delete route.lazy;
      Object.assign(route, loaded);
    }),
  );
  return createBrowserRouter(routes);
}
