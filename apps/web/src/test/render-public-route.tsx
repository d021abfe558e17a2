import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createRoutes } from '../app/routes';

/**
 * Renders the app's real route tree at `path` with no provider around it, as a diner's phone loads it:
 * the public pages must work without the staff providers.
 */
export function renderPublicRoute(path: string) {
  const router = createMemoryRouter(createRoutes({ staffProviders: true }), { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
