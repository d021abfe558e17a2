import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { clearStoredSession, saveToken, saveUserState } from '../lib/session-storage';
import { cartReducer } from './cart-slice';
import { customersReducer } from './customers-slice';
import { orderReducer } from './order-slice';
import { removeUser, setUser, userReducer } from './user-slice';

function createSessionPersistence() {
  const persistence = createListenerMiddleware();
  persistence.startListening({
    matcher: isAnyOf(setUser, removeUser),
    effect: (action, api) => {
      if (removeUser.match(action)) {
        clearStoredSession();
        return;
      }
      saveUserState((api.getState() as { user: unknown }).user);
      if (setUser.match(action) && action.payload.token) saveToken(action.payload.token);
    },
  });
  return persistence;
}

/**
 * A fresh store; its session is read from localStorage when it is created. Its thunks read server data through
 * `queryClient`, the screens' own (a new one when none is given), so that data is cached in one place.
 */
export function createAppStore({ queryClient = createQueryClient() }: { queryClient?: QueryClient } = {}) {
  return configureStore({
    reducer: { user: userReducer, order: orderReducer, cart: cartReducer, customers: customersReducer },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { queryClient } } }).prepend(createSessionPersistence().middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
