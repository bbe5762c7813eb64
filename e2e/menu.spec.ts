import { expect, test } from '@playwright/test';
import {
  STAFF_PASSWORD,
  ADMIN,
  adminApi,
  apiLoginInPage,
  createUser,
  ensureSetup,
  readMenu,
} from './support/fixtures';

test.beforeAll(ensureSetup);

const ALWAYS = ['Debtors', 'Transfers'];

/** Seed spec §6: the menu items each flag adds, written out from the spec's table. */
const GAINS: [string, string[]][] = [
  ['manage_stock', ['Manage Stock']],
  ['adding_supplier_stock', ['Add Stock > From supplier', 'Suppliers']],
  ['adding_stock_positive', ['Add Stock > Add stock']],
  ['adding_stock_negative', ['Add Stock > Remove stock']],
  ['adding_interlocation', ['Add Stock > Location to location']],
  ['stock_taking', ['Stock taking']],
  ['sell_cash', ['Make a sale > Cash']],
  ['sell_debtors', ['Make a sale > Debtor', 'Reverse a sale > Debtor']],
  ['sell_transfer', ['Make a sale > Transfer', 'Reverse a sale > Transfer']],
  ['current_sales', ['Make a sale > Current sales']],
  ['reversing_cash', ['Reverse a sale > Cash']],
  ['adding_expenses', ['Expenses']],
  ['view_sales_report', ['Reports > Sales report']],
  ['view_stock_report', ['Reports > Stock report']],
];

/** The seed spec's route table (§2), in order: what an admin sees. */
const FULL_MENU = [
  'Dashboard',
  'Manage Stock',
  'Locations',
  'Add Stock > From supplier',
  'Add Stock > Add stock',
  'Add Stock > Remove stock',
  'Add Stock > Location to location',
  'Stock taking',
  'Suppliers',
  'Make a sale > Cash',
  'Make a sale > Debtor',
  'Make a sale > Transfer',
  'Make a sale > Current sales',
  'Reverse a sale > Cash',
  'Reverse a sale > Debtor',
  'Reverse a sale > Transfer',
  'Expenses',
  'Debtors',
  'Transfers',
  'Reports > Sales report',
  'Reports > Profit report',
  'Reports > Stock report',
  'User accounts',
  'Business profile',
];

const inSpecOrder = (items: string[]) => FULL_MENU.filter((m) => items.includes(m));

test.describe('menu by permission (seed spec §2, §6)', () => {
  test('an admin sees the whole route table, in order', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/dashboard');
    expect(await readMenu(page)).toEqual(FULL_MENU);
  });

  test('staff with no flags see Debtors and Transfers only', async ({ page }) => {
    const api = await adminApi();
    const username = await createUser(api);
    await apiLoginInPage(page, username, STAFF_PASSWORD);
    await page.goto('/debtors');
    expect(await readMenu(page)).toEqual(ALWAYS);
  });

  for (const [flag, gained] of GAINS) {
    test(`flag ${flag} adds ${gained.join(', ')}`, async ({ page }) => {
      const api = await adminApi();
      const username = await createUser(api, { flags: [flag] });
      await apiLoginInPage(page, username, STAFF_PASSWORD);
      await page.goto('/debtors');
      expect(await readMenu(page)).toEqual(inSpecOrder([...gained, ...ALWAYS]));
    });
  }

  test('both report flags give the Reports group both report entries, never Profit', async ({ page }) => {
    const api = await adminApi();
    const username = await createUser(api, { flags: ['view_sales_report', 'view_stock_report'] });
    await apiLoginInPage(page, username, STAFF_PASSWORD);
    await page.goto('/debtors');
    expect(await readMenu(page)).toEqual([
      'Debtors',
      'Transfers',
      'Reports > Sales report',
      'Reports > Stock report',
    ]);
  });
});
