import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydrateServerPage } from './app/hydrate-server-page';
import { createAppRouter } from './app/router';
import { readServerPage } from './lib/server-render';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// No providers here: the staff pages bring theirs (app/StaffProviders) and the diner pages need none,
// so a diner's phone downloads only React, the router and the page it opens.
const serverPage = readServerPage();
if (serverPage) {
  // A diner page the server rendered, taken over on the diner's first tap (src/entry-server.tsx).
  void hydrateServerPage(rootElement, serverPage);
} else {
  createRoot(rootElement).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}
