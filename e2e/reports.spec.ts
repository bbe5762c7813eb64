import { seriousAxeFindings } from './support/axe';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, STAFF_PASSWORD, adminApi, apiLoginInPage, createUser, ensureSetup } from './support/fixtures';
import {
  seedLocation,
  stockedProduct,
  seedProvider,
  seedCategory,
  seedSale,
  seedReversal,
  seedExpense,
  businessToday,
  kes,
} from './support/seed';
import {
  pickLocation,
  pickPreset,
  customRange,
  download,
  xlsxSheets,
  csvRows,
  pdfHasTitle,
  typeDay,
} from './support/reports';

/**
 * The reports and the dashboard against data made through the API at a location of this run's
 * own, so the figures are known: today two sales (cash and transfer) and a reversal, an expense
 * today and one yesterday.
 */
test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const SHOP = `Report shop ${RUN}`;
const TEA = { name: `Tea chest ${RUN}`, code: `RTEA${RUN}` };
const BUN = { name: `Bun ${RUN}`, code: `RBUN${RUN}` };
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
// the business's days, read in seed()
let TODAY = '';
let YESTERDAY = '';
let SHOP_ID = '';

let seeded: Promise<void> | null = null;
/** Made once for the file: products, sales, a reversal and two expenses at SHOP. */
function seed(): Promise<void> {
  seeded ??= (async () => {
    const api = await adminApi();
    TODAY = await businessToday(api);
    YESTERDAY = addDays(TODAY, -1);
    const shop = await seedLocation(api, SHOP);
    SHOP_ID = shop.id;
    // Tea: 50 at KES 6,000 each, sold at KES 12,000; Bun: 10 at KES 25, sold at KES 50, reorder at 20.
    const tea = await stockedProduct(
      api,
      { ...TEA, price: 1_200_000, cost: 600_000, category: `Drinks ${RUN}` },
      shop.id,
      50,
    );
    const bun = await stockedProduct(
      api,
      { ...BUN, price: 5_000, cost: 2_500, category: `Bakery ${RUN}`, reorderUnits: 20 },
      shop.id,
      10,
    );
    const provider = await seedProvider(api, `M-Pesa ${RUN}`);
    const cash = await seedSale(api, {
      kind: 'cash',
      location_id: shop.id,
      lines: [
        { product_id: tea.id, units: 3 },
        { product_id: bun.id, units: 2 },
      ],
    });
    await seedSale(api, {
      kind: 'transfer',
      location_id: shop.id,
      provider_id: provider.id,
      reference: `RPT${RUN}1`,
      lines: [{ product_id: tea.id, units: 1 }],
    });
    const bunLine = cash.lines.find((l) => l.product_id === bun.id)!;
    await seedReversal(api, cash.id, [{ line_no: bunLine.line_no, units: 1 }]);
    const category = await seedCategory(api, `Rent ${RUN}`);
    await seedExpense(api, {
      category_id: category.id,
      location_id: shop.id,
      amount: 20_000,
      date: TODAY,
    });
    await seedExpense(api, {
      category_id: category.id,
      location_id: shop.id,
      amount: 30_000,
      date: YESTERDAY,
    });
    await api.dispose();
  })();
  return seeded;
}

async function expectNoSeriousAxe(page: Page, where: string) {
  expect(await seriousAxeFindings(page, where)).toEqual([]);
}

test.describe('reports and dashboard', () => {
  test.beforeAll(seed);
  test.beforeEach(async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  });

  test('sales report: figures, ranges, tables, exports, print', async ({ page }) => {
    await page.goto('/period-sales');
    await expect(page.getByRole('heading', { name: 'Reports › Sales report' })).toBeVisible();
    await pickLocation(page, SHOP);
    // This month at the shop: 4 teas and 2 buns sold, one bun brought back.
    await expect(page.getByTestId('kpi-net')).toContainText(kes('48,050.00'));
    await expect(page.getByTestId('kpi-count')).toContainText('2');
    await expect(page.getByTestId('kpi-average')).toContainText(kes('24,025.00'));
    await expect(page.getByTestId('kpi-reversals')).toContainText(kes('50.00'));
    await expect(page.getByTestId('sales-chart')).toBeVisible();
    await expect(page.getByTestId('sales-by-day-totals')).toContainText(kes('48,050.00'));
    await expectNoSeriousAxe(page, '/period-sales');

    // Grouped by product, kind and cashier.
    await page
      .getByRole('radiogroup', { name: 'Show sales' })
      .getByText('By product', { exact: true })
      .click();
    const tea = page.getByTestId('sales-by-product').getByRole('row', { name: new RegExp(TEA.name) });
    await expect(tea).toContainText(kes('48,000.00'));
    await expect(tea).toContainText('4 each');
    // sortable: net ascending puts the bun first
    await page.getByTestId('sales-by-product').getByRole('button', { name: 'Net' }).click();
    await expect(page.getByTestId('sales-by-product').getByRole('row').nth(1)).toContainText(BUN.name);

    // Exports: the CSV is the table shown (by product), the XLSX every table, the PDF titled.
    const csv = await download(page, 'export-csv');
    expect(csv.file.suggestedFilename()).toMatch(/-product\.csv$/);
    const teaRow = (await csvRows(csv.body)).find((r) => r[0] === TEA.name);
    expect(teaRow, 'the tea row of the CSV').toBeTruthy();
    expect(Number(teaRow!.at(-1))).toBe(48000);
    const xlsx = await download(page, 'export-xlsx');
    expect(await xlsxSheets(xlsx.body)).toEqual([
      'Totals',
      'By day',
      'By product',
      'By category',
      'By cashier',
      'By location',
      'By kind of sale',
    ]);
    const pdf = await download(page, 'export-pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfHasTitle(pdf.body, 'Sales report')).toBe(true);

    // Other ranges: yesterday had nothing; a custom range that ends yesterday neither; one with today has it all.
    await pickPreset(page, 'Yesterday');
    await expect(page.getByText('No sales in this range. Pick another period or location.')).toBeVisible();
    await expect(page.getByTestId('kpi-net')).toContainText(kes('0.00'));
    await customRange(page, addDays(TODAY, -6), YESTERDAY);
    await expect(page.getByTestId('report-empty')).toBeVisible();
    await customRange(page, YESTERDAY, TODAY);
    await expect(page.getByTestId('kpi-net')).toContainText(kes('48,050.00'));
    await expect(page.getByTestId('kpi-net')).toContainText(/Previous period/);
    await typeDay(page, 'To', addDays(TODAY, -3));
    await expect(page.getByText('The end is before the start.')).toBeVisible();
    // a day field's calendar, open: in the business's week, every control named
    await page.getByLabel('From', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Previous month' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    await expect(page.locator('.mantine-DateInput-weekday').first()).toHaveText('Mo');
    await expectNoSeriousAxe(page, 'a day field’s calendar');
    await page.getByLabel('From', { exact: true }).blur();

    // The print layout: no menu, no filters, a header with the range and the location.
    await pickPreset(page, 'Today');
    await expect(page.getByTestId('kpi-net')).toContainText(kes('48,050.00'));
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-header')).toBeVisible();
    await expect(page.getByTestId('print-header')).toContainText(SHOP);
    await expect(page.getByTestId('report-filters')).toBeHidden();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expect(page.getByTestId('export-csv')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });

  test('profit report: figures per range and period, exports', async ({ page }) => {
    await page.goto('/profit');
    await expect(page.getByRole('heading', { name: 'Reports › Profit report' })).toBeVisible();
    await pickLocation(page, SHOP);
    await pickPreset(page, 'Today');
    await expect(page.getByTestId('kpi-revenue')).toContainText(kes('48,050.00'));
    await expect(page.getByTestId('kpi-gross')).toContainText(kes('24,025.00'));
    await expect(page.getByTestId('kpi-gross')).toContainText('50%');
    await expect(page.getByTestId('kpi-expenses')).toContainText(kes('200.00'));
    await expect(page.getByTestId('kpi-net-profit')).toContainText(kes('23,825.00'));
    await expect(page.getByTestId('profit-chart')).toBeVisible();
    await expectNoSeriousAxe(page, '/profit');

    await pickPreset(page, 'Yesterday');
    await expect(page.getByTestId('kpi-revenue')).toContainText(kes('0.00'));
    await expect(page.getByTestId('kpi-expenses')).toContainText(kes('300.00'));
    await expect(page.getByTestId('kpi-net-profit')).toContainText(/−KES\s?300\.00/);
    await customRange(page, YESTERDAY, TODAY);
    await expect(page.getByTestId('kpi-expenses')).toContainText(kes('500.00'));
    await expect(page.getByTestId('kpi-net-profit')).toContainText(kes('23,525.00'));
    await expect(page.getByTestId('profit-table-totals')).toContainText(kes('23,525.00'));
    await page.getByRole('radiogroup', { name: 'Per' }).getByText('Month', { exact: true }).click();
    await expect(page.getByTestId('profit-chart')).toContainText(/Profit per month/);

    const csv = await download(page, 'export-csv');
    const rows = await csvRows(csv.body);
    const header = rows.find((r) => r.includes('Revenue'))!;
    // The totals row the screen shows, last (its first cell says "Total", as in every export).
    const totals = rows.filter((r) => r.some(Boolean)).at(-1)!;
    expect(totals[0]).toBe('Total');
    expect(Number(totals[header.indexOf('Revenue')])).toBe(48050);
    expect(Number(totals[header.indexOf('Net profit')])).toBe(23525);
    expect(await xlsxSheets((await download(page, 'export-xlsx')).body)).toEqual(['By period']);
    const pdf = await download(page, 'export-pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfHasTitle(pdf.body, 'Profit report')).toBe(true);
  });

  test('stock report: value, low stock, movements of the range, exports', async ({ page }) => {
    await page.goto('/stock-report');
    await expect(page.getByRole('heading', { name: 'Reports › Stock report' })).toBeVisible();
    await pickLocation(page, SHOP);
    // 46 teas at KES 6,000 and 9 buns at KES 25 are left.
    await expect(page.getByTestId('kpi-value-cost')).toContainText(kes('276,225.00'));
    await expect(page.getByTestId('kpi-value-price')).toContainText(kes('552,450.00'));
    await expect(page.getByTestId('kpi-products')).toContainText('2');
    // What "products in stock" and "low stock" mean, beside the figures.
    await expect(page.getByTestId('stock-help')).toContainText(
      'Products in stock: those holding more than zero',
    );
    await expect(page.getByTestId('stock-help')).toContainText(
      'A product without a reorder level is never low.',
    );
    await expect(page.getByTestId('stock-chart')).toBeVisible();
    await expect(page.getByTestId('stock-on-hand-totals')).toContainText(kes('276,225.00'));
    await expectNoSeriousAxe(page, '/stock-report');

    await page
      .getByRole('radiogroup', { name: 'Show' })
      .getByText(/^Low stock/)
      .click();
    await expect(
      page.getByTestId('stock-low').getByRole('row', { name: new RegExp(BUN.name) }),
    ).toContainText('9 each');
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Movements', { exact: true }).click();
    await pickPreset(page, 'Today');
    await expect(page.getByTestId('stock-movements')).toContainText('From supplier');
    await expect(page.getByTestId('stock-movements')).toContainText('Sale reversal');
    // Yesterday nothing moved here; what is on hand stays.
    await pickPreset(page, 'Yesterday');
    await expect(page.getByText('No stock moved in this range.')).toBeVisible();
    await expect(page.getByTestId('kpi-value-cost')).toContainText(kes('276,225.00'));

    const csv = await download(page, 'export-csv');
    const stockRows = await csvRows(csv.body);
    const teaRow = stockRows.find((r) => r[0] === TEA.name);
    expect(teaRow, 'the tea row of the CSV').toBeTruthy();
    expect(teaRow).toContain('276000');
    // The totals the screen shows under the table: the value at cost and at price.
    const stockTotals = stockRows.filter((r) => r.some(Boolean)).at(-1)!;
    expect(stockTotals[0]).toBe('Total');
    expect(stockTotals.slice(-2)).toEqual(['276225', '552450']);
    expect(await xlsxSheets((await download(page, 'export-xlsx')).body)).toEqual([
      'On hand',
      'Low stock',
      'Movements',
    ]);
    const pdf = await download(page, 'export-pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfHasTitle(pdf.body, 'Stock report')).toBe(true);
  });

  test('dashboard: today against yesterday, days, top products, what needs attention', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('dashboard')).toBeVisible();
    // The whole business: compare with what the server says, then look for this run's products.
    const d = (await (await page.request.get('/api/reports/dashboard')).json()) as {
      today_figures: { sales: number; count: number };
      low_stock: { count: number };
      debtors: { owed: number };
    };
    const money = (minor: number) =>
      kes((minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(d.today_figures.sales).toBeGreaterThanOrEqual(4_805_000);
    await expect(page.getByTestId('dash-sales')).toContainText(money(d.today_figures.sales));
    await expect(page.getByTestId('dash-count')).toContainText(String(d.today_figures.count));
    await expect(page.getByTestId('dash-sales')).toContainText(/Yesterday/);
    await expect(page.getByTestId('dash-top')).toContainText(TEA.name);
    await expect(page.getByTestId('dash-low')).toContainText(String(d.low_stock.count));
    await expect(page.getByTestId('dash-debtors')).toContainText(money(d.debtors.owed));
    await expect(page.getByTestId('dashboard-chart')).toContainText('Last 7 days');
    await page.getByRole('radiogroup', { name: 'Days shown' }).getByText('30 days', { exact: true }).click();
    await expect(page.getByTestId('dashboard-chart')).toContainText('Last 30 days');
    await expectNoSeriousAxe(page, '/dashboard');
    await page.getByTestId('dash-debtors').getByRole('link', { name: 'Debtors' }).click();
    await expect(page).toHaveURL(/\/debtors$/);
    // The low-stock card opens the products list filtered to low stock.
    await page.goBack();
    await page.getByTestId('dash-low').getByRole('link').click();
    await expect(page).toHaveURL(/\/stock\?low=1$/);
    await expect(page.getByRole('switch', { name: 'Low stock' })).toBeChecked();
    await page.getByRole('switch', { name: 'Low stock' }).click();
    await expect(page).toHaveURL(/\/stock$/);
  });

  test('staff with the sales report flag only: sales yes, stock and profit no', async ({ page, context }) => {
    const api = await adminApi();
    // Reads follow the per-location rights: the reporter works at SHOP, so SHOP's sales are theirs to see.
    const username = await createUser(api, {
      flags: ['view_sales_report'],
      name: `Reporter ${RUN}`,
      location_ids: [SHOP_ID],
    });
    await api.dispose();
    await context.clearCookies();
    await apiLoginInPage(page, username, STAFF_PASSWORD);
    await page.goto('/period-sales');
    await expect(page.getByRole('heading', { name: 'Reports › Sales report' })).toBeVisible();
    await pickLocation(page, SHOP);
    await expect(page.getByTestId('kpi-net')).toContainText(kes('48,050.00'));
    await expect(page.getByTestId('export-csv')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByText('Stock report')).toHaveCount(0);
    await expect(menu.getByText('Profit report')).toHaveCount(0);
    for (const path of ['/stock-report', '/profit', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/pages\/error$/);
    }
    const q = `from=${TODAY}&to=${TODAY}`;
    expect((await page.request.get(`/api/reports/stock?${q}`)).status()).toBe(403);
    expect((await page.request.get(`/api/reports/profit/export?format=csv&${q}`)).status()).toBe(403);
    expect((await page.request.get(`/api/reports/sales/export?format=csv&${q}`)).status()).toBe(200);
  });
});
