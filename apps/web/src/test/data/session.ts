import type { User } from '@quan/contract/user';
import { tokenStorageKey, userStateStorageKey } from '../../lib/session-storage';
import type { UserState } from '../../store/user-slice';

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token: only its claims matter to the web app. */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

export function tokenExpiringIn(seconds: number, now = Date.now()): string {
  return makeToken({
    sub: 'u1',
    role: 'admin',
    jti: 'j1',
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + seconds,
  });
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    name: 'Nguyễn Văn An',
    email: 'an@quan.test',
    phone: '0901234567',
    role: 'admin',
    status: 'active',
    avatar: '',
    // The tests read the screens in English: this person chose it, whatever the restaurant's language.
    language: 'en',
    createdAt: '2026-01-15T03:00:00.000Z',
    updatedAt: '2026-01-15T03:00:00.000Z',
    ...overrides,
  };
}

export function sessionStateOf(user: User): UserState {
  const { _id, name, email, phone, role, avatar } = user;
  return { _id, name, email, phone, role, avatar, isAuth: true };
}

/** Writes a session to localStorage the way a previous visit would have left it. */
export function storeSession(user: User, token: string): void {
  localStorage.setItem(userStateStorageKey, JSON.stringify(sessionStateOf(user)));
  localStorage.setItem(tokenStorageKey, token);
}
