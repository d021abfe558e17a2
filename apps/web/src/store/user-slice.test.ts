import { describe, expect, it } from 'vitest';
import { tokenStorageKey, userStateStorageKey } from '../lib/session-storage';
import { makeToken, makeUser, sessionStateOf, storeSession, tokenExpiringIn } from '../test/data/session';
import { createAppStore } from './store';
import { removeUser, setUser, signedOutUserState } from './user-slice';

describe('user slice', () => {
  it('setUser stores the user and saves it and the token to localStorage', () => {
    const store = createAppStore();
    const user = makeUser({ role: 'manager' });
    const token = tokenExpiringIn(3600);

    store.dispatch(setUser({ ...user, token }));

    const expected = sessionStateOf(user);
    expect(store.getState().user).toEqual(expected);
    expect(JSON.parse(localStorage.getItem(userStateStorageKey) ?? 'null')).toEqual(expected);
    expect(localStorage.getItem(tokenStorageKey)).toBe(token);
  });

  it('keeps only the session fields and defaults the avatar to empty', () => {
    const store = createAppStore();
    const { avatar: _avatar, ...withoutAvatar } = makeUser();

    store.dispatch(setUser(withoutAvatar));

    expect(store.getState().user).toEqual({ ...sessionStateOf(makeUser()), avatar: '' });
    expect(Object.keys(store.getState().user).sort()).toEqual(
      ['_id', 'avatar', 'email', 'isAuth', 'name', 'phone', 'role'].sort(),
    );
  });

  it('keeps the branch the session works in, also through an answer that does not name it', () => {
    const store = createAppStore();
    const user = makeUser({ role: 'staff' });

    store.dispatch(setUser({ ...user, branchId: 'branch-3' }));
    store.dispatch(setUser({ ...user, name: 'Trần Thị Bình' }));

    expect(store.getState().user).toMatchObject({ name: 'Trần Thị Bình', branchId: 'branch-3' });
    expect(JSON.parse(localStorage.getItem(userStateStorageKey) ?? 'null')).toMatchObject({ branchId: 'branch-3' });
    store.dispatch(setUser(makeUser({ _id: 'someone-else' })));
    expect(store.getState().user.branchId).toBeUndefined();
  });

  it('setUser without a token keeps the token already stored', () => {
    const token = tokenExpiringIn(3600);
    storeSession(makeUser(), token);
    const store = createAppStore();

    store.dispatch(setUser(makeUser({ name: 'Trần Thị Bình' })));

    expect(localStorage.getItem(tokenStorageKey)).toBe(token);
    expect(store.getState().user.name).toBe('Trần Thị Bình');
  });

  it('removeUser clears the state and both storage keys', () => {
    storeSession(makeUser(), tokenExpiringIn(3600));
    const store = createAppStore();

    store.dispatch(removeUser());

    expect(store.getState().user).toEqual(signedOutUserState);
    expect(localStorage.getItem(userStateStorageKey)).toBeNull();
    expect(localStorage.getItem(tokenStorageKey)).toBeNull();
  });

  describe('initial state', () => {
    it('keeps a stored session whose token is still valid', () => {
      const user = makeUser();
      storeSession(user, tokenExpiringIn(3600));

      expect(createAppStore().getState().user).toEqual(sessionStateOf(user));
      expect(localStorage.getItem(userStateStorageKey)).not.toBeNull();
    });

    it.each([
      ['missing', null],
      ['unparsable', 'garbage'],
      ['expired', tokenExpiringIn(-60)],
      ['without an expiry', makeToken({ sub: 'u1' })],
    ])('drops the session and clears storage when the token is %s', (_case, token) => {
      storeSession(makeUser(), 'placeholder');
      if (token === null) localStorage.removeItem(tokenStorageKey);
      else localStorage.setItem(tokenStorageKey, token);

      expect(createAppStore().getState().user).toEqual(signedOutUserState);
      expect(localStorage.getItem(userStateStorageKey)).toBeNull();
      expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    });

    it('drops a stored user state that is not valid JSON', () => {
      localStorage.setItem(userStateStorageKey, '{broken');
      localStorage.setItem(tokenStorageKey, tokenExpiringIn(3600));

      expect(createAppStore().getState().user).toEqual(signedOutUserState);
      expect(localStorage.getItem(tokenStorageKey)).toBeNull();
    });
  });
});
