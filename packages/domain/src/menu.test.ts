import { describe, expect, it } from 'vitest';
import { type MenuEntry, MENU, accessForPath, menuFor } from './menu.js';
import { ROLE_FLAGS, rolesFromFlags } from './permissions.js';

const paths = (entries: MenuEntry[]) =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.path] : e.children.map((c) => c.path)));

describe('menu (seed spec §2, §6)', () => {
  it('lists the route table in order for an admin, in any case of the role', () => {
    const expected = [
      '/dashboard',
      '/stock',
      '/locations',
      '/addsupplierstock',
      '/stock-positive',
      '/stock-negative',
      '/inter-location',
      '/stock-taking',
      '/suppliers',
      '/cash-sale',
      '/debtor-sale',
      '/transfer-sale',
      '/current-sales',
      '/cash-reverse',
      '/debtor-reverse',
      '/transfer-reverse',
      '/expenses',
      '/debtors',
      '/transfers',
      '/period-sales',
      '/profit',
      '/stock-report',
      '/users',
      '/profile',
    ];
    for (const role of ['admin', 'Admin', 'ADMIN']) {
      expect(paths(menuFor({ role, roles: {} }))).toEqual(expected);
    }
    expect(MENU.filter((e) => e.kind === 'group').map((g) => g.label)).toEqual([
      'Add Stock',
      'Make a sale',
      'Reverse a sale',
      'Reports',
    ]);
  });

  it('gives staff without flags Debtors and Transfers only', () => {
    expect(paths(menuFor({ role: 'staff', roles: {} }))).toEqual(['/debtors', '/transfers']);
  });

  const gains: Record<(typeof ROLE_FLAGS)[number], string[]> = {
    manage_stock: ['/stock'],
    adding_supplier_stock: ['/addsupplierstock', '/suppliers'],
    adding_stock_positive: ['/stock-positive'],
    adding_stock_negative: ['/stock-negative'],
    adding_interlocation: ['/inter-location'],
    stock_taking: ['/stock-taking'],
    sell_cash: ['/cash-sale'],
    sell_debtors: ['/debtor-sale', '/debtor-reverse'],
    sell_transfer: ['/transfer-sale', '/transfer-reverse'],
    current_sales: ['/current-sales'],
    reversing_cash: ['/cash-reverse'],
    adding_expenses: ['/expenses'],
  };
  it.each(Object.entries(gains))('flag %s adds %j', (flag, added) => {
    const got = paths(menuFor({ role: 'staff', roles: rolesFromFlags([flag]) }));
    expect(got.filter((p) => p !== '/debtors' && p !== '/transfers')).toEqual(added);
  });

  it('shows report entries by their view flags, never User accounts or Business profile', () => {
    const both = paths(
      menuFor({
        role: 'staff',
        roles: rolesFromFlags([...ROLE_FLAGS, 'view_sales_report', 'view_stock_report']),
      }),
    );
    expect(both).toContain('/period-sales');
    expect(both).toContain('/stock-report');
    expect(both).not.toContain('/profit');
    expect(both).not.toContain('/users');
    expect(both).not.toContain('/profile');
    expect(both).not.toContain('/dashboard');
    const sales = paths(menuFor({ role: 'staff', roles: rolesFromFlags(['view_sales_report']) }));
    expect(sales).toEqual(['/debtors', '/transfers', '/period-sales']);
  });

  it('treats /period-report as an alias of /period-sales', () => {
    expect(accessForPath('/period-report')).toEqual(accessForPath('/period-sales'));
    expect(accessForPath('/nowhere')).toBeUndefined();
  });
});

describe('menu words (issue 16)', () => {
  it("names every sub-item in sentence case, and adjustments in a shopkeeper's words", () => {
    const children = MENU.flatMap((e) => (e.kind === 'group' ? e.children : []));
    for (const c of children) expect(c.label[0], c.label).toBe(c.label[0]!.toUpperCase());
    expect(children.find((c) => c.path === '/stock-positive')!.label).toBe('Add stock');
    expect(children.find((c) => c.path === '/stock-negative')!.label).toBe('Remove stock');
  });
});
