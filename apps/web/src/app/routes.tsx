import { Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { preloadBranchMenu, publicMenuPath } from '../features/public-menu/api/get-public-menu';
import { activateLanguage, dinerLanguage } from '../lib/i18n';
import { preloadPublic } from '../lib/public-api';
import { isServerRendered } from '../lib/server-render';
import { loadTableOrdering } from '../features/table-ordering/components/load-table-ordering';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

interface RouteOptions {
  /**
   * Load the staff providers (store, query client, toasts, socket) with the first staff page. The browser app
   * does; tests render the routes inside providers of their own, to see and prepare the same store.
   */
  staffProviders: boolean;
}

// The staff screens and their language arrive together, so no word shows before it is translated.
const loadStaffProviders: RouteObject['lazy'] = async () => {
  const [providers] = await Promise.all([
    import('./StaffProviders'),
    import('../lib/staff-language').then(({ storedStaffLanguage }) => activateLanguage(storedStaffLanguage(), 'staff')),
  ]);
  return { Component: providers.StaffProviders };
};

/**
 * The app's pages, one route each (docs/guide.md describes them); every page is loaded on first visit. The diner
 * pages sit outside the staff branch, so their first load is React, the router and the page: no Redux,
 * TanStack Query, axios or staff socket. Each of them shows the public menu (the landing page its name), which
 * starts downloading with the page's code instead of after it.
 */
export function createRoutes({ staffProviders }: RouteOptions): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: FullScreenSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          path: '/landing',
          lazy: async () => {
            preloadPublic(publicMenuPath);
            const [page] = await Promise.all([
              import('../features/landing/pages/LandingPage'),
              activateLanguage(dinerLanguage()),
            ]);
            return { Component: page.LandingPage };
          },
        },
        {
          path: '/public-menu',
          lazy: async () => {
            preloadPublic(publicMenuPath);
            // The page and the phone's language arrive together, so no word shows before it is translated.
            const [page] = await Promise.all([
              import('../features/public-menu/pages/PublicMenuPage'),
              activateLanguage(dinerLanguage()),
            ]);
            return { Component: page.PublicMenuPage };
          },
        },
        {
          path: '/table/:tableNo',
          lazy: async () => {
            preloadPublic(publicMenuPath);
            const [page] = await Promise.all([
              import('../features/table-ordering/pages/TableOrderingPage'),
              activateLanguage(dinerLanguage()),
              // The server's HTML has the cart buttons: the app's first render must have them too.
              isServerRendered() ? loadTableOrdering() : undefined,
            ]);
            return { Component: page.TableOrderingPage };
          },
        },
        {
          path: '/book',
          lazy: async () => {
            // The menu gives the page the restaurant's name (the landing page has usually just loaded it).
            preloadPublic(publicMenuPath);
            const [page] = await Promise.all([
              import('../features/booking/pages/BookingPage'),
              activateLanguage(dinerLanguage(), 'booking'),
            ]);
            return { Component: page.BookingPage };
          },
        },
        // A branch's own diner pages, with its prices, tables and hours; the addresses above are the first branch's.
        {
          path: '/b/:slug/public-menu',
          lazy: async () => {
            preloadBranchMenu();
            const [page] = await Promise.all([
              import('../features/public-menu/pages/PublicMenuPage'),
              activateLanguage(dinerLanguage()),
            ]);
            return { Component: page.PublicMenuPage };
          },
        },
        {
          path: '/b/:slug/table/:tableNo',
          lazy: async () => {
            preloadBranchMenu();
            const [page] = await Promise.all([
              import('../features/table-ordering/pages/TableOrderingPage'),
              activateLanguage(dinerLanguage()),
              isServerRendered() ? loadTableOrdering() : undefined,
            ]);
            return { Component: page.TableOrderingPage };
          },
        },
        {
          path: '/b/:slug/book',
          lazy: async () => {
            preloadBranchMenu();
            const [page] = await Promise.all([
              import('../features/booking/pages/BookingPage'),
              activateLanguage(dinerLanguage(), 'booking'),
            ]);
            return { Component: page.BookingPage };
          },
        },
        {
          path: '/booking/:key',
          lazy: async () => {
            const [page] = await Promise.all([
              import('../features/booking/pages/BookingStatusPage'),
              activateLanguage(dinerLanguage(), 'booking'),
            ]);
            return { Component: page.BookingStatusPage };
          },
        },
        {
          ...(staffProviders ? { lazy: loadStaffProviders } : {}),
          children: [
            {
              lazy: async () => ({ Component: (await import('../features/auth/components/GuestOnly')).GuestOnly }),
              children: [
                {
                  path: '/auth',
                  lazy: async () => ({ Component: (await import('../features/auth/pages/AuthPage')).AuthPage }),
                },
              ],
            },
            {
              lazy: async () => ({ Component: (await import('../features/auth/components/RequireAuth')).RequireAuth }),
              children: [
                {
                  lazy: async () => ({ Component: (await import('./layouts/AppLayout')).AppLayout }),
                  children: [
                    {
                      path: '/',
                      lazy: async () => ({ Component: (await import('../features/home/pages/HomePage')).HomePage }),
                    },
                    {
                      path: '/orders',
                      lazy: async () => ({
                        Component: (await import('../features/orders/pages/OrdersPage')).OrdersPage,
                      }),
                    },
                    {
                      path: '/tables',
                      lazy: async () => ({
                        Component: (await import('../features/tables/pages/TablesPage')).TablesPage,
                      }),
                    },
                    {
                      path: '/reservations',
                      lazy: async () => ({
                        Component: (await import('../features/reservations/pages/ReservationsPage')).ReservationsPage,
                      }),
                    },
                    {
                      path: '/menu',
                      lazy: async () => ({ Component: (await import('../features/pos/pages/PosPage')).PosPage }),
                    },
                    {
                      path: '/menu-management',
                      lazy: async () => ({
                        Component: (await import('../features/menu/pages/MenuManagementPage')).MenuManagementPage,
                      }),
                    },
                    {
                      path: '/dashboard',
                      lazy: async () => ({
                        Component: (await import('../features/dashboard/pages/DashboardPage')).DashboardPage,
                      }),
                    },
                    {
                      path: '/more',
                      lazy: async () => ({ Component: (await import('../features/more/pages/MorePage')).MorePage }),
                    },
                    {
                      path: '/spin-wheel',
                      lazy: async () => ({
                        Component: (await import('../features/spin-wheel/pages/SpinWheelPage')).SpinWheelPage,
                      }),
                    },
                    {
                      // Its own chunk: Recharts loads here and nowhere else.
                      path: '/chart',
                      lazy: async () => ({ Component: (await import('../features/chart/pages/ChartPage')).ChartPage }),
                    },
                    {
                      path: '/profile',
                      lazy: async () => ({
                        Component: (await import('../features/profile/pages/ProfilePage')).ProfilePage,
                      }),
                    },
                    {
                      path: '/accounts',
                      lazy: async () => ({
                        Component: (await import('../features/accounts/pages/AccountsPage')).AccountsPage,
                      }),
                    },
                    {
                      path: '/branches',
                      lazy: async () => ({
                        Component: (await import('../features/branches/pages/BranchesPage')).BranchesPage,
                      }),
                    },
                    {
                      path: '/printers',
                      lazy: async () => ({
                        Component: (await import('../features/printers/pages/PrintersPage')).PrintersPage,
                      }),
                    },
                    {
                      path: '/einvoices',
                      lazy: async () => ({
                        Component: (await import('../features/einvoices/pages/EinvoicesPage')).EinvoicesPage,
                      }),
                    },
                    {
                      path: '/einvoices/reconciliation',
                      lazy: async () => ({
                        Component: (await import('../features/einvoices/pages/EinvoiceReconciliationPage'))
                          .EinvoiceReconciliationPage,
                      }),
                    },
                    {
                      path: '/audit',
                      lazy: async () => ({
                        Component: (await import('../features/audit/pages/AuditPage')).AuditPage,
                      }),
                    },
                    {
                      path: '/bank-transfers',
                      lazy: async () => ({
                        Component: (await import('../features/bank-transfers/pages/BankTransfersPage'))
                          .BankTransfersPage,
                      }),
                    },
                    {
                      path: '/shifts',
                      lazy: async () => ({
                        Component: (await import('../features/shifts/pages/ShiftsPage')).ShiftsPage,
                      }),
                    },
                    {
                      path: '/coupon-management',
                      lazy: async () => ({
                        Component: (await import('../features/coupons/pages/CouponsPage')).CouponsPage,
                      }),
                    },
                    {
                      path: '/customer-management',
                      lazy: async () => ({
                        Component: (await import('../features/customers/pages/CustomersPage')).CustomersPage,
                      }),
                    },
                    {
                      path: '/ingredient-management',
                      lazy: async () => ({
                        Component: (await import('../features/ingredients/pages/IngredientsPage')).IngredientsPage,
                      }),
                    },
                    {
                      path: '/stock-transfers',
                      lazy: async () => ({
                        Component: (await import('../features/stock-transfers/pages/StockTransfersPage'))
                          .StockTransfersPage,
                      }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/** The routes for a caller that provides the staff providers around the router (the tests). */
export const routes = createRoutes({ staffProviders: false });
