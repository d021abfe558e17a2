/** The session's localStorage keys: fixed product behaviour, not to be renamed. */
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

export function clearStoredSession(): void {
  localStorage.removeItem(userStateStorageKey);
  localStorage.removeItem(tokenStorageKey);
}
