/**
 * The service worker's caches of API answers (runtime caching in apps/web/pwa.config.ts, which takes their names
 * from here): the signed-in person, and the restaurant's menu, tables (with their QR keys) and settings.
 */
export const apiCacheNames = { session: 'quan-staff-session', data: 'quan-staff-data' } as const;

/**
 * Deletes the API answers the service worker kept on this device, for a session that has ended, so that the next
 * person on a shared tablet finds none of them, online or off. The precached app (its own cache) stays: it holds
 * no one's data, and the app still opens without a network. Nothing happens where the page has no Cache Storage
 * (plain http on the restaurant's network, where no service worker runs either).
 */
export async function clearApiCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(Object.values(apiCacheNames).map((name) => caches.delete(name)));
  } catch (error) {
    console.warn('The offline copies of API answers could not be deleted', error);
  }
}
