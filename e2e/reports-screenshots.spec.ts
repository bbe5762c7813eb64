import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ADMIN, BASE_URL, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import {
  seedLocation,
  stockedProduct,
  seedProvider,
  seedCategory,
  seedSale,
  seedReversal,
  seedExpense,
  businessToday,
} from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of the reports and the dashboard with data, in light and dark, 1440 and 390 wide,
 * plus each report's print layout, written to /tmp/shots-reports for people to look at.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-reports';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

async function seed() {
  const api = await adminApi();
  const today = await businessToday(api);
  const shops = [await seedLocation(api, `Town shop ${RUN}`), await seedLocation(api, `Market stall ${RUN}`)];
  const items = [
    { name: 'Sugar 1 kg', price: 18_000, cost: 14_000, category: 'Groceries', units: 120 },
    { name: 'Cooking oil 1 l', price: 32_000, cost: 25_000, category: 'Groceries', units: 60 },
    { name: 'Bread 400 g', price: 6_500, cost: 5_000, category: 'Bakery', units: 15, reorder: 20 },
    { name: 'Milk 500 ml', price: 6_000, cost: 4_500, category: 'Dairy', units: 80 },
    { name: 'Tea leaves 250 g', price: 15_000, cost: 9_000, category: 'Beverages', units: 40 },
  ];
  const made = [];
  for (const [i, p] of items.entries()) {
    const shop = shops[i % 2]!;
    made.push({
      shop,
      product: await stockedProduct(
        api,
        { ...p, name: `${p.name} ${RUN}`, code: `SH${RUN}${i}`, reorderUnits: p.reorder ?? 0 },
        shop.id,
        p.units,
      ),
    });
  }
  const provider = await seedProvider(api, `Shots M-Pesa ${RUN}`);
  for (const [i, m] of made.entries()) {
    const sale = await seedSale(api, {
      kind: 'cash',
      location_id: m.shop.id,
      lines: [{ product_id: m.product.id, units: 2 + i * 2 }],
    });
    if (i === 1) await seedReversal(api, sale.id, [{ line_no: 1, units: 1 }]);
    await seedSale(api, {
      kind: 'transfer',
      location_id: m.shop.id,
      provider_id: provider.id,
      reference: `SHOT${RUN}${i}`,
      lines: [{ product_id: m.product.id, units: 1 + i }],
    });
  }
  const rent = await seedCategory(api, `Rent ${RUN}`);
  for (const back of [0, 1, 3]) {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - back);
    await seedExpense(api, {
      category_id: rent.id,
      location_id: shops[0]!.id,
      amount: 15_000 + back * 5_000,
      date: d.toISOString().slice(0, 10),
    });
  }
  await api.dispose();
}

async function shoot(page: Page, name: string, path: string, ready: () => Promise<void>, print = true) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await ready();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${DIR}/${name}-${scheme}-${size.name}.png`, fullPage: true });
    }
  }
  if (!print) return;
  // the print layout, light and as wide as paper
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1000, height: 1400 });
  await page.goto(path);
  await ready();
  await page.emulateMedia({ media: 'print' });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${DIR}/${name}-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
}

test('reports and dashboard, light and dark, wide and narrow, and printed', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  await seed();
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await shoot(page, 'sales', '/period-sales', async () => {
    await expect(page.getByTestId('sales-chart')).toBeVisible();
  });
  // one day: the chart shows the day by kind of sale
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('Today', { exact: true }).click();
  await expect(page.getByText('Net sales by kind of sale')).toBeVisible();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${DIR}/sales-today-light-wide.png`, fullPage: true });
  await shoot(page, 'profit', '/profit', async () => {
    await expect(page.getByTestId('profit-chart')).toBeVisible();
  });
  await shoot(page, 'stock', '/stock-report', async () => {
    await expect(page.getByTestId('stock-chart')).toBeVisible();
  });
  await shoot(
    page,
    'dashboard',
    '/dashboard',
    async () => {
      await expect(page.getByTestId('dashboard-chart')).toBeVisible();
    },
    false,
  );
  // what needs attention: the notification sidebar, opened from the bell
  await shoot(
    page,
    'notifications',
    '/dashboard',
    async () => {
      await expect(page.getByTestId('dashboard-chart')).toBeVisible();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    },
    false,
  );
  // the products list filtered to low stock, with what "low stock" means
  await shoot(
    page,
    'products-low',
    '/stock?low=1',
    async () => {
      await expect(page.getByTestId('low-stock-help')).toBeVisible();
    },
    false,
  );
  // the 30-day chart
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-chart')).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Days shown' }).getByText('30 days', { exact: true }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${DIR}/dashboard-30-light-wide.png` });
});

test('a day field with its calendar open, light and dark, wide and narrow, and in German', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(DIR, { recursive: true });
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const shots = [
    { scheme: 'light', language: 'en', period: 'Period', custom: 'Custom', from: 'From' },
    { scheme: 'dark', language: 'en', period: 'Period', custom: 'Custom', from: 'From' },
    { scheme: 'light', language: 'de', period: 'Zeitraum', custom: 'Eigener Zeitraum', from: 'Von' },
  ] as const;
  for (const { scheme, language, period, custom, from } of shots) {
    await page.context().addCookies([
      {
        name: 'duka_prefs',
        value: encodeURIComponent(
          JSON.stringify({ layout: { variant: scheme === 'dark' ? 'Dark' : 'Light' }, language }),
        ),
        url: BASE_URL,
      },
    ]);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/period-sales');
      if (size.name === 'wide')
        await page.getByRole('radiogroup', { name: period }).getByText(custom, { exact: true }).click();
      else {
        await page.getByRole('combobox', { name: period, exact: true }).click();
        await page.getByRole('option', { name: custom, exact: true }).click();
      }
      const field = page.getByLabel(from, { exact: true });
      await field.click();
      await expect(page.locator('.mantine-DateInput-calendarHeaderLevel')).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${DIR}/day-field-${language}-${scheme}-${size.name}.png` });
    }
  }
});
