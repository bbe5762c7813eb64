import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { MENU, EXTRA_ROUTES, type MenuLink } from '@duka/domain';
import { LoginPage } from '../features/auth/login-page';
import { SessionWatcher } from '../features/auth/session-watcher';

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
    const [{ Component: Screen }, { NotOnHostedCopy }] = await Promise.all([
      (lazy as () => Promise<{ Component: ComponentType }>)(),
      import('../features/sync'),
    ]);
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

/** A route whose screen comes later: its menu label as the title (loaded when opened). */
function placeholder(labelKeys: string[]): RouteObject['lazy'] {
  return async () => {
    const { PlaceholderPage } = await import('../features/placeholder/placeholder-page');
    return { Component: () => <PlaceholderPage labelKeys={labelKeys} /> };
  };
}

const appRoutes: RouteObject[] = [
  ...MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.children)).map((link): RouteObject => {
    const screen = SCREENS[link.path];
    const lazy = screen && WRITE_ONLY.has(link.path) ? writeOnly(screen, labelKeysOf(link)) : screen;
    return { path: link.path, lazy: lazy ?? placeholder(labelKeysOf(link)) };
  }),
  ...EXTRA_ROUTES.map((link): RouteObject =>
    // /period-report is an alias of /period-sales (spec-decisions.md); an extra route with a screen
    // of its own (/daily-sales) loads it instead of the placeholder
    link.path === '/period-report'
      ? { path: link.path, element: <Navigate to="/period-sales" replace /> }
      : { path: link.path, lazy: SCREENS[link.path] ?? placeholder([`menu.${link.id}`]) },
  ),
];

/**
 * The signed-in shell (menu, header, notifications) and its guard, loaded with the first signed-in
 * screen: the sign-in page never loads them.
 */
const signedInShell: RouteObject['lazy'] = async () => {
  const [{ RequireAuth }, { AppLayout }] = await Promise.all([
    import('../features/auth/require-auth'),
    import('../features/layout/app-layout'),
  ]);
  return {
    Component: () => (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
  };
};

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
      {
        path: '/pages/error',
        lazy: async () => ({ Component: (await import('../features/errors/error-page')).ErrorPage }),
      },
      { lazy: signedInShell, children: appRoutes },
      { path: '*', element: <Navigate to="/pages/error" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
