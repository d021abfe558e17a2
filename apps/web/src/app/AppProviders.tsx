import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { Provider as ReduxProvider } from 'react-redux';
import type { AppStore } from '../store/store';
import { RestaurantTimeZone } from './RestaurantTimeZone';
import { SocketProvider } from './SocketProvider';

interface AppProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ store, queryClient, children }: AppProvidersProps) {
  return (
    <ReduxProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={3} autoHideDuration={3000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
          <SocketProvider>
            <RestaurantTimeZone>{children}</RestaurantTimeZone>
          </SocketProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ReduxProvider>
  );
}
