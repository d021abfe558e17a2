import type { VitePWAOptions } from 'vite-plugin-pwa';
import { apiCacheNames } from './src/lib/api-caches.ts';

/**
 * The staff app as an installable PWA that opens without a network (vite-plugin-pwa, Workbox `generateSW`).
 *
 * - The service worker precaches the built app (HTML, JS, CSS, the catalogues, icons) and answers every page
 *   navigation with the cached index.html, except the server's own paths (the API, its docs, the socket,
 *   health and metrics).
 * - It keeps the last answer of the GET calls the POS opens with (the menu, its option groups, the tables, the
 *   settings, the signed-in person), asking the network first and falling back to that answer when the network
 *   fails or is silent for 4 s. Nothing else the API answers is kept: no writes, no order lists (a stale order
 *   would mislead), and no /api/public answer (the diners' pages go to the network as before). When a session
 *   ends on the device, the app deletes these caches (src/lib/api-caches.ts), not the precached app.
 * - Only the staff pages register it (src/lib/offline-shell.ts, from app/StaffProviders), after their first
 *   render: a diner's phone never downloads it nor workbox-window. Browsers register a service worker only in a
 *   secure context: over HTTPS, or on localhost.
 * - In `npm run dev` there is none (devOptions off); `virtual:pwa-register` is then a stub that does nothing.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // A new build takes over at once; the page reloads when it does, which happens while it opens (a browser
  // looks for a new worker when it loads the page, not later).
  registerType: 'autoUpdate',
  // Registered from the staff code, never by a script in index.html (the diners' pages load that).
  injectRegister: false,
  devOptions: { enabled: false },
  manifest: {
    name: 'Quán',
    short_name: 'Quán',
    description: 'Quán: restaurant management for staff, managers and diners.',
    lang: 'vi',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The favicon's amber (Tailwind amber-700) and the pages' stone-50 ground.
    theme_color: '#b45309',
    background_color: '#fafaf9',
    // Drawn from public/favicon.svg by scripts/generate-pwa-icons.mjs.
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons are precached with the other files of public/ (globPatterns); vite-plugin-pwa adds the manifest.
  includeManifestIcons: false,
  workbox: {
    globPatterns: ['**/*.{html,js,css,woff,woff2,svg,png,ico}'],
    // The largest file of the build is well under 1 MB; a file past 3 MB would be a mistake worth a warning.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/api\/docs/, /^\/socket\.io\//, /^\/(healthz|readyz|metrics)$/],
    cleanupOutdatedCaches: true,
    // autoUpdate's other half (vite-plugin-pwa sets these itself only when it injects the registration): a new
    // worker takes over without waiting for every tab to close, and the first one takes charge of the open page.
    skipWaiting: true,
    clientsClaim: true,
    // The functions below are copied into the service worker as text: they may use nothing from this file.
    runtimeCaching: [
      {
        // The signed-in person, asked with a bearer token. A check without one (a page opened with no stored
        // session, answered by the cookie) is never kept: offline, it would hand the last person's identity to
        // whoever opens the app next.
        urlPattern: ({ url, sameOrigin, request }) =>
          sameOrigin && url.pathname === '/api/user' && request.headers.has('authorization'),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: apiCacheNames.session,
          networkTimeoutSeconds: 4,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 20 },
          plugins: [
            {
              // Kept under the URL and a SHA-256 of the request's bearer token, so the answer is only ever given
              // back to the same sign-in: another person on the tablet never gets it.
              cacheKeyWillBeUsed: async ({ request }) => {
                const token = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
                const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
                const session = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(
                  '',
                );
                const key = new URL(request.url);
                key.searchParams.set('quan-session', session);
                return key.href;
              },
            },
          ],
        },
      },
      {
        // What the POS opens with: the menu (GET /api/item, with or without ?categoryId), its categories and
        // option groups, the tables and the restaurant's settings. The restaurant's, not a person's: the same
        // answer for every signed-in staff member.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/(item|category|option-group|table|settings)$/.test(url.pathname),
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: apiCacheNames.data,
          networkTimeoutSeconds: 4,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 50 },
          plugins: [
            {
              // Kept under the bare URL: a request's headers (its token, the device id) never decide a match.
              cacheKeyWillBeUsed: async ({ request }) => request.url,
            },
          ],
        },
      },
    ],
  },
};
