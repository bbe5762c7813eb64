import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { MENU, EXTRA_ROUTES, type MenuLink } from '@duka/domain';
import { LoginPage } from '../features/auth/login-page';
import { RequireAuth } from '../features/auth/require-auth';
import { SessionWatcher } from '../features/auth/session-watcher';
import { ErrorPage } from '../features/errors/error-page';
import { AppLayout } from '../features/layout/app-layout';
import { PlaceholderPage } from '../features/placeholder/placeholder-page';
import { NotOnHostedCopy } from '../features/sync';

/** Screens built so far, loaded when first opened; every other menu route is a placeholder. */
const SCREENS: Record<string, RouteObject['lazy']> = {
  '/users': async () => ({ Component: (await import('../features/users/users-page')).UsersPage }),
  '/cash-sale': async () => ({ Component: (await import('../features/till/till-page')).CashSalePage }),
  '/debtor-sale': async () => ({ Component: (await import('../features/till/till-page')).DebtorSalePage }),
  '/transfer-sale': async () => ({
    Component: (await import('../features/till/till-page')).TransferSalePage,
  }),
  '/addsupplierstock': async () => ({
    Component: (await import('../features/stock/documents')).SupplierReceiptPage,
  }),
  '/stock-positive': async () => ({
    Component: (await import('../features/stock/documents')).StockPositivePage,
  }),
  '/stock-negative': async () => ({
    Component: (await import('../features/stock/documents')).StockNegativePage,
  }),
  '/inter-location': async () => ({
    Component: (await import('../features/stock/documents')).TransferPage,
  }),
  '/stock': async () => ({ Component: (await import('../features/stock/products-page')).ProductsPage }),
  '/locations': async () => ({
    Component: (await import('../features/stock/locations-page')).LocationsPage,
  }),
  '/suppliers': async () => ({
    Component: (await import('../features/stock/suppliers-page')).SuppliersPage,
  }),
  '/stock-taking': async () => ({
    Component: (await import('../features/stock/stock-taking-page')).StockTakingPage,
  }),
  '/current-sales': async () => ({
    Component: (await import('../features/sales/current-sales-page')).CurrentSalesPage,
  }),
  '/cash-reverse': async () => ({
    Component: (await import('../features/reverse/reverse-page')).ReversePage,
  }),
  '/debtor-reverse': async () => ({
    Component: (await import('../features/reverse/reverse-page')).ReversePage,
  }),
  '/transfer-reverse': async () => ({
    Component: (await import('../features/reverse/reverse-page')).ReversePage,
  }),
  '/daily-sales': async () => ({ Component: (await import('../features/daily/daily-page')).DailyPage }),
  '/profile': async () => ({
    Component: (await import('../features/business/business-profile-page')).BusinessProfilePage,
  }),
  '/debtors': async () => ({ Component: (await import('../features/debtors/debtors-page')).DebtorsPage }),
  '/transfers': async () => ({
    Component: (await import('../features/transfers/transfers-page')).TransfersPage,
  }),
  '/expenses': async () => ({
    Component: (await import('../features/expenses/expenses-page')).ExpensesPage,
  }),
  '/period-sales': async () => ({
    Component: (await import('../features/reports/sales-report-page')).SalesReportPage,
  }),
  '/profit': async () => ({
    Component: (await import('../features/reports/profit-report-page')).ProfitReportPage,
  }),
  '/stock-report': async () => ({
    Component: (await import('../features/reports/stock-report-page')).StockReportPage,
  }),
  '/dashboard': async () => ({
    Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
  }),
};

/**
 * Screens that only write (stock documents, counts): on a hosted copy kept by the shop's PC they
 * show where to do it instead (ADR 11 §8); the tills and reverse screens do so themselves.
 */
const WRITE_ONLY = new Set([
  '/addsupplierstock',
  '/stock-positive',
  '/stock-negative',
  '/inter-location',
  '/stock-taking',
]);

function writeOnly(lazy: NonNullable<RouteObject['lazy']>, labelKeys: string[]): RouteObject['lazy'] {
  return async () => {
    const { Component: Screen } = await (lazy as () => Promise<{ Component: ComponentType }>)();
    function OnlyOnTheShopPc() {
      const { t } = useTranslation();
      return (
        <NotOnHostedCopy title={labelKeys.map((k) => t(k)).join(' › ')}>
          <Screen />
        </NotOnHostedCopy>
      );
    }
    return { Component: OnlyOnTheShopPc };
  };
}

/** A grouped entry is titled with its group: "Make a sale › Cash". */
function labelKeysOf(link: MenuLink): string[] {
  for (const entry of MENU) {
    if (entry.kind === 'group' && entry.children.some((c) => c.id === link.id))
      return [`menu.${entry.id}`, `menu.${link.id}`];
  }
  return [`menu.${link.id}`];
}

const appRoutes: RouteObject[] = [
  ...MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.children)).map((link): RouteObject => {
    const screen = SCREENS[link.path];
    const lazy = screen && WRITE_ONLY.has(link.path) ? writeOnly(screen, labelKeysOf(link)) : screen;
    return lazy
      ? { path: link.path, lazy }
      : { path: link.path, element: <PlaceholderPage labelKeys={labelKeysOf(link)} /> };
  }),
  ...EXTRA_ROUTES.map((link) => ({
    path: link.path,
    // /period-report is an alias of /period-sales (spec-decisions.md)
    element:
      link.path === '/period-report' ? (
        <Navigate to="/period-sales" replace />
      ) : (
        <PlaceholderPage labelKeys={[`menu.${link.id}`]} />
      ),
    // an extra route with a screen of its own (/daily-sales) loads it instead of the placeholder
    ...(SCREENS[link.path] ? { lazy: SCREENS[link.path], element: undefined } : {}),
  })),
];

/** The routes of seed spec §2 with the guard of spec-decisions.md. */
export const routes: RouteObject[] = [
  {
    element: <SessionWatcher />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/pages/login', element: <Navigate to="/login" replace /> },
      {
        path: '/setup',
        lazy: async () => ({ Component: (await import('../features/setup/setup-page')).SetupPage }),
      },
      { path: '/pages/error', element: <ErrorPage /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: appRoutes,
      },
      { path: '*', element: <Navigate to="/pages/error" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
