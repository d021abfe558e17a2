import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { branchSlugOf } from '../lib/diner-branch';
import { publicMenuDataKeyOf } from '../features/public-menu/api/get-public-menu';
import { activateLanguage, dinerLanguage } from '../lib/i18n';
import { markServerRendered, serverPageHydratedEvent, type ServerPage } from '../lib/server-render';
import { seedPublicData } from '../lib/use-public-data';
import { createHydratingRouter } from './router';

/** Runs once the page has hydrated: its effect is the last of the first commit. */
function AfterHydration({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Takes over a diner page the server rendered: the same page, language and menu as the server's render, so
 * React adopts the markup instead of drawing it again. The phone's own language, when it differs (chosen
 * before the server could know it), follows right after.
 */
export async function hydrateServerPage(rootElement: HTMLElement, page: ServerPage): Promise<void> {
  markServerRendered();
  // Under the key of the page's branch (`/b/<slug>/…`), where its menu hook looks, as the server seeded it.
  seedPublicData(publicMenuDataKeyOf(branchSlugOf(location.pathname)), page.menu);
  const router = await createHydratingRouter();
  await activateLanguage(page.language);
  const onHydrated = () => {
    document.dispatchEvent(new Event(serverPageHydratedEvent));
    const language = dinerLanguage();
    if (language !== page.language) void activateLanguage(language);
  };
  hydrateRoot(
    rootElement,
    <StrictMode>
      <AfterHydration onHydrated={onHydrated}>
        <RouterProvider router={router} />
      </AfterHydration>
    </StrictMode>,
  );
}
