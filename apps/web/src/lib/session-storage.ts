import { clearApiCaches } from './api-caches';

/** The session's localStorage keys, as the first contract named them: renamed, they would sign everyone out. */
export const userStateStorageKey = 'userState';
export const tokenStorageKey = 'token';

export function getStoredToken(): string | null {
  return localStorage.getItem(tokenStorageKey);
}

export function saveToken(token: string): void {
  localStorage.setItem(tokenStorageKey, token);
}

export function getStoredUserState(): string | null {
  return localStorage.getItem(userStateStorageKey);
}

export function saveUserState(state: unknown): void {
  localStorage.setItem(userStateStorageKey, JSON.stringify(state));
}

/**
 * Ends the session on this device, however it ended (signed out, expired, refused by the server): its token and
 * user, and the API answers the service worker kept, so that the next person on a shared tablet finds none of
 * them. The outbox (lib/outbox.ts) keeps the orders still waiting for their person to sign in again.
 */
export function clearStoredSession(): void {
  localStorage.removeItem(userStateStorageKey);
  localStorage.removeItem(tokenStorageKey);
  void clearApiCaches();
}
