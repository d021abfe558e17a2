import { registerSW } from 'virtual:pwa-register';

/**
 * The offline shell of the staff app: a service worker, built by vite-plugin-pwa (see apps/web/pwa.config.ts),
 * keeps the app and the last-known menu, tables, settings and session, so that an installed POS opens, and
 * reopens after a reload or a browser restart, while the network is down.
 *
 * Browsers run service workers only in a secure context: a page served over HTTPS, or from localhost. A tablet
 * that opens the app over plain http on the restaurant's network (http://192.168.1.10:3000) works as before
 * online but cannot open a screen without a network; `canWorkOffline()` tells the screens so, for a POS to say
 * that opening it without a network needs HTTPS.
 */

/** Whether this page can be opened again without a network: the browser has service workers and allows them here. */
export function canWorkOffline(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext;
}

let registered = false;

/**
 * Registers the service worker once per page, after the page has loaded; nothing happens where it cannot work
 * (see `canWorkOffline`), in `npm run dev` (`virtual:pwa-register` is then a stub) or in tests (jsdom has no
 * service workers). Only the staff code imports this module (the staff providers call it after their first
 * render); workbox-window is a chunk of its own that `registerSW` fetches when it runs, so a diner's phone never
 * downloads either.
 *
 * `onFirstControl` runs when a worker first takes charge of a page that had none (the app's first visit on this
 * browser, or after its data was cleared): what the page fetched until then went past the worker, which keeps
 * only what it sees, so the caller fetches it again.
 *
 * When a new build's worker takes over, the page reloads to run the new build (vite-plugin-pwa's autoUpdate).
 * A browser looks for a new worker when a page loads, so that happens in the seconds after a screen opens.
 */
export function registerOfflineShell({ onFirstControl }: { onFirstControl?: () => void } = {}): void {
  if (registered || !canWorkOffline()) return;
  registered = true;
  if (onFirstControl && !navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true });
  }
  registerSW({
    onRegisterError: (error: unknown) => console.warn('The offline shell could not be installed', error),
  });
}
