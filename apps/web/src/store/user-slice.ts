import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role, User } from '@quan/contract/user';
import { clearStoredSession, getStoredToken, getStoredUserState } from '../lib/session-storage';
import { isTokenValid } from '../lib/token';

/** The signed-in person's session state, in the fixed shape the app keeps in localStorage ('userState'). */
export interface UserState {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: Role | '';
  avatar: string;
  isAuth: boolean;
  /**
   * The branch this session works in, once a call answered it (sign-in, the current user, a branch switch);
   * absent from a session stored before the chain had branches. The screens are that branch's.
   */
  branchId?: string;
}

/** A user from the API, plus the token when the call that returned it issued one (login). */
export type SetUserPayload = Pick<User, '_id' | 'name' | 'email' | 'phone' | 'role'> &
  Partial<Pick<User, 'avatar'>> & { token?: string; branchId?: string };

export const signedOutUserState: UserState = {
  _id: '',
  name: '',
  email: '',
  phone: '',
  role: '',
  avatar: '',
  isAuth: false,
};

function parseStoredUserState(json: string | null): UserState | null {
  if (!json) return null;
  try {
    const stored: unknown = JSON.parse(json);
    if (typeof stored !== 'object' || stored === null) return null;
    const state = { ...signedOutUserState, ...(stored as Partial<UserState>) };
    return state.isAuth === true && typeof state._id === 'string' && state._id ? state : null;
  } catch {
    return null;
  }
}

/** Keeps the stored session only while its token exists and has not expired (docs/compatibility.md). */
export function loadUserState(now: number = Date.now()): UserState {
  const stored = isTokenValid(getStoredToken(), now) ? parseStoredUserState(getStoredUserState()) : null;
  if (stored) return stored;
  clearStoredSession();
  return signedOutUserState;
}

const userSlice = createSlice({
  name: 'user',
  initialState: () => loadUserState(),
  reducers: {
    // Saving to localStorage happens in the store's listener, so the reducers stay pure.
    setUser: (state, action: PayloadAction<SetUserPayload>) => {
      const { _id, name, email, phone, role, avatar } = action.payload;
      // An answer without a branch (a plain User) leaves the session in the branch it was in.
      const branchId = action.payload.branchId ?? (state._id === _id ? state.branchId : undefined);
      return { _id, name, email, phone, role, avatar: avatar ?? '', isAuth: true, ...(branchId ? { branchId } : {}) };
    },
    removeUser: () => signedOutUserState,
  },
});

export const { setUser, removeUser } = userSlice.actions;
export const userReducer = userSlice.reducer;

export const selectUser = (state: { user: UserState }) => state.user;
