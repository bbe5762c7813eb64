import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type RouteObject } from 'react-router';
import { MENU, EXTRA_ROUTES, type MenuLink } from '@duka/domain';
import { LoginPage } from '../features/auth/login-page';
import { SessionWatcher } from '../features/auth/session-watcher';
import { type LazyScreen, lazyScreen } from './lazy-screen';

type Load = () => Promise<ComponentType>;

/** Screens built so far, loaded when first opened; every other menu route is a placeholder. */
const SCREENS: Record<string, Load> = {
  '/users': () => import('../features/users/users-page').then((m) => m.UsersPage),
  '/cash-sale': () => import('../features/till/till-page').then((m) => m.CashSalePage),
  '/debtor-sale': () => import('../features/till/till-page').then((m) => m.DebtorSalePage),
  '/transfer-sale': () => import('../features/till/till-page').then((m) => m.TransferSalePage),
  '/addsupplierstock': () => import('../features/stock/documents').then((m) => m.SupplierReceiptPage),
  '/stock-positive': () => import('../features/stock/documents').then((m) => m.StockPositivePage),
  '/stock-negative': () => import('../features/stock/documents').then((m) => m.StockNegativePage),
  '/inter-location': () => import('../features/stock/documents').then((m) => m.TransferPage),
  '/stock': () => import('../features/stock/products-page').then((m) => m.ProductsPage),
  '/locations': () => import('../features/stock/locations-page').then((m) => m.LocationsPage),
  '/suppliers': () => import('../features/stock/suppliers-page').then((m) => m.SuppliersPage),
  '/stock-taking': () => import('../features/stock/stock-taking-page').then((m) => m.StockTakingPage),
  '/current-sales': () => import('../features/sales/current-sales-page').then((m) => m.CurrentSalesPage),
  '/cash-reverse': () => import('../features/reverse/reverse-page').then((m) => m.ReversePage),
  '/debtor-reverse': () => import('../features/reverse/reverse-page').then((m) => m.ReversePage),
  '/transfer-reverse': () => import('../features/reverse/reverse-page').then((m) => m.ReversePage),
  '/daily-sales': () => import('../features/daily/daily-page').then((m) => m.DailyPage),
  '/profile': () => import('../features/business/business-profile-page').then((m) => m.BusinessProfilePage),
  '/debtors': () => import('../features/debtors/debtors-page').then((m) => m.DebtorsPage),
  '/transfers': () => import('../features/transfers/transfers-page').then((m) => m.TransfersPage),
  '/expenses': () => import('../features/expenses/expenses-page').then((m) => m.ExpensesPage),
  '/period-sales': () => import('../features/reports/sales-report-page').then((m) => m.SalesReportPage),
  '/profit': () => import('../features/reports/profit-report-page').then((m) => m.ProfitReportPage),
  '/stock-report': () => import('../features/reports/stock-report-page').then((m) => m.StockReportPage),
  '/dashboard': () => import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
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

function writeOnly(load: Load, labelKeys: string[]): Load {
  return async () => {
    const [Screen, { NotOnHostedCopy }] = await Promise.all([load(), import('../features/sync')]);
    return function OnlyOnTheShopPc() {
      const { t } = useTranslation();
      return (
        <NotOnHostedCopy title={labelKeys.map((k) => t(k)).join(' › ')}>
          <Screen />
        </NotOnHostedCopy>
      );
    };
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
function placeholder(labelKeys: string[]): Load {
  return async () => {
    const { PlaceholderPage } = await import('../features/placeholder/placeholder-page');
    return function Placeholder() {
      return <PlaceholderPage labelKeys={labelKeys} />;
    };
  };
}

/** A route showing a screen loaded when first opened; the screen is kept in the route's handle. */
function screenRoute(path: string | undefined, load: Load, children?: RouteObject[]): RouteObject {
  const Screen: LazyScreen = lazyScreen(load);
  return { path, element: <Screen />, handle: { screen: Screen }, children };
}

const appRoutes: RouteObject[] = [
  ...MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.children)).map((link): RouteObject => {
    const screen = SCREENS[link.path];
    const load = screen && WRITE_ONLY.has(link.path) ? writeOnly(screen, labelKeysOf(link)) : screen;
    return screenRoute(link.path, load ?? placeholder(labelKeysOf(link)));
  }),
  ...EXTRA_ROUTES.map((link): RouteObject =>
    // /period-report is an alias of /period-sales (spec-decisions.md); an extra route with a screen
    // of its own (/daily-sales) loads it instead of the placeholder
    link.path === '/period-report'
      ? { path: link.path, element: <Navigate to="/period-sales" replace /> }
      : screenRoute(link.path, SCREENS[link.path] ?? placeholder([`menu.${link.id}`])),
  ),
];

/**
 * The signed-in shell (menu, header, notifications) and its guard, loaded with the first signed-in
 * screen: the sign-in page never loads them.
 */
const signedInShell: Load = async () => {
  const [{ RequireAuth }, { AppLayout }] = await Promise.all([
    import('../features/auth/require-auth'),
    import('../features/layout/app-layout'),
  ]);
  return function SignedInShell() {
    return (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    );
  };
};

/**
 * The routes of seed spec §2 with the guard of spec-decisions.md, for useRoutes (app-router.tsx).
 * Each lazy screen is in its route's `handle.screen`, so the screens an address shows can start
 * loading together at start (preloadMatched).
 */
export const routes: RouteObject[] = [
  {
    element: <SessionWatcher />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/pages/login', element: <Navigate to="/login" replace /> },
      screenRoute('/setup', () => import('../features/setup/setup-page').then((m) => m.SetupPage)),
      screenRoute('/pages/error', () => import('../features/errors/error-page').then((m) => m.ErrorPage)),
      screenRoute(undefined, signedInShell, appRoutes),
      { path: '*', element: <Navigate to="/pages/error" replace /> },
    ],
  },
];
