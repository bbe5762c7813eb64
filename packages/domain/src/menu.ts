import { type Access, type Flag, type Principal, allows } from './permissions.js';

export interface MenuLink {
  kind: 'link';
  /** Stable id, also the i18n key under `menu.` */
  id: string;
  path: string;
  /**
   * English label: the seed spec's route table, with sub-items in sentence case ("Cash", not
   * "cash") and the shopkeeper's words for adjustments ("Add stock", not "Stock positive"; issue 16).
   */
  label: string;
  access: Access;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (id: string, path: string, label: string, access: Access): MenuLink => ({
  kind: 'link',
  id,
  path,
  label,
  access,
});
const flag = (f: Flag): Access => ({ kind: 'flag', flag: f });
const ADMIN: Access = { kind: 'admin' };
const SIGNED_IN: Access = { kind: 'signedIn' };

/**
 * The menu as the seed spec's route table (§2): groups and order; labels as `MenuLink.label` says.
 * Access follows §6 and spec-decisions.md: admins see everything; others see what their
 * flags map to, Debtors and Transfers, and the report entries their view flags allow.
 */
export const MENU: readonly MenuEntry[] = [
  link('dashboard', '/dashboard', 'Dashboard', ADMIN),
  link('stock', '/stock', 'Manage Stock', flag('manage_stock')),
  link('locations', '/locations', 'Locations', ADMIN),
  {
    kind: 'group',
    id: 'addStock',
    label: 'Add Stock',
    children: [
      link('addSupplierStock', '/addsupplierstock', 'From supplier', flag('adding_supplier_stock')),
      link('stockPositive', '/stock-positive', 'Add stock', flag('adding_stock_positive')),
      link('stockNegative', '/stock-negative', 'Remove stock', flag('adding_stock_negative')),
      link('interLocation', '/inter-location', 'Location to location', flag('adding_interlocation')),
    ],
  },
  link('stockTaking', '/stock-taking', 'Stock taking', flag('stock_taking')),
  link('suppliers', '/suppliers', 'Suppliers', flag('adding_supplier_stock')),
  {
    kind: 'group',
    id: 'makeSale',
    label: 'Make a sale',
    children: [
      link('cashSale', '/cash-sale', 'Cash', flag('sell_cash')),
      link('debtorSale', '/debtor-sale', 'Debtor', flag('sell_debtors')),
      link('transferSale', '/transfer-sale', 'Transfer', flag('sell_transfer')),
      link('currentSales', '/current-sales', 'Current sales', flag('current_sales')),
    ],
  },
  {
    kind: 'group',
    id: 'reverseSale',
    label: 'Reverse a sale',
    children: [
      link('cashReverse', '/cash-reverse', 'Cash', flag('reversing_cash')),
      link('debtorReverse', '/debtor-reverse', 'Debtor', flag('sell_debtors')),
      link('transferReverse', '/transfer-reverse', 'Transfer', flag('sell_transfer')),
    ],
  },
  link('expenses', '/expenses', 'Expenses', flag('adding_expenses')),
  link('debtors', '/debtors', 'Debtors', SIGNED_IN),
  link('transfers', '/transfers', 'Transfers', SIGNED_IN),
  {
    kind: 'group',
    id: 'reports',
    label: 'Reports',
    children: [
      link('salesReport', '/period-sales', 'Sales report', flag('view_sales_report')),
      link('profitReport', '/profit', 'Profit report', ADMIN),
      link('stockReport', '/stock-report', 'Stock report', flag('view_stock_report')),
    ],
  },
  link('users', '/users', 'User accounts', ADMIN),
  link('profile', '/profile', 'Business profile', ADMIN),
];

/** Routes that exist but have no menu entry of their own, with who may open them. */
export const EXTRA_ROUTES: readonly MenuLink[] = [
  link('periodReport', '/period-report', 'Sales report', flag('view_sales_report')),
  link('dailySales', '/daily-sales', 'Daily sales', {
    kind: 'anyFlag',
    flags: ['current_sales', 'view_sales_report'],
  }),
  link('page', '/page', 'Page', SIGNED_IN),
];

/** The menu a principal sees: entries they may open, groups without visible children dropped. */
export function menuFor(principal: Principal): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'link') {
      if (allows(principal, entry.access)) out.push(entry);
    } else {
      const children = entry.children.filter((c) => allows(principal, c.access));
      if (children.length > 0) out.push({ ...entry, children });
    }
  }
  return out;
}

/** Every route of the authenticated area (menu links and extra routes), flat. */
export function allRoutes(): MenuLink[] {
  const links = MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.children));
  return [...links, ...EXTRA_ROUTES];
}

/** The access rule of an authenticated-area path, or undefined when no such route exists. */
export function accessForPath(path: string): Access | undefined {
  return allRoutes().find((r) => r.path === path)?.access;
}
