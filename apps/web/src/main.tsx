import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// No providers here: the staff pages bring theirs (app/StaffProviders) and the diner pages need none,
// so a diner's phone downloads only React, the router and the page it opens.
createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
