import fs from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type Running, exited, startServer, tempDir } from './support/server-process';

/**
 * A quantity with its unit in the words of its language ("15 Packungen", "1,5 litros") and money
 * below zero with a true minus sign, for people to look at (`npm run screenshots`): the till's
 * tiles, the products list and the stock report's low stock, in Spanish and German, light and dark,
 * at 1440×900 and 390×844. Written to $UNITS_SHOTS_DIR (/work/shots/units).
 */
const OUT = process.env.UNITS_SHOTS_DIR ?? '/work/shots/units';
const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;
let server: Running;
let dir: string;

test.beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  dir = tempDir();
  server = await startServer({ DATA_DIR: dir });
});
test.afterAll(async () => {
  process.kill(-server.child.pid!, 'SIGTERM');
  await exited(server.child);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function prefs(page: Page, lang: 'es' | 'de', scheme: 'light' | 'dark') {
  const value = encodeURIComponent(
    JSON.stringify({ language: lang, layout: { variant: scheme === 'dark' ? 'Dark' : 'Light' } }),
  );
  await page.context().addCookies([{ name: 'duka_prefs', value, url: server.url }]);
}

async function shoot(page: Page, name: string, show: () => Promise<void>) {
  for (const lang of ['es', 'de'] as const)
    for (const scheme of ['light', 'dark'] as const) {
      await prefs(page, lang, scheme);
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await show();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${OUT}/${name}-${lang}-${scheme}-${size.name}.png`, fullPage: true });
      }
    }
}

async function api(page: Page, path: string, data: object) {
  const res = await page.request.post(`${server.url}${path}`, { data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

test('quantities with their units and money below zero, Spanish and German', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`${server.url}/setup`);
  await page.getByLabel(/^Business name/).fill('Duka la Kwanza');
  await page.getByLabel(/^Name$/).fill('Neema Owner');
  await page.getByLabel(/^Username/).fill('neema');
  await page.getByLabel(/^Password/).fill('owner-pass-123');
  await page.getByLabel(/^Repeat the password/).fill('owner-pass-123');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const [shop] = (await (await page.request.get(`${server.url}/api/locations`)).json()) as { id: string }[];
  // one of each unit that reads differently: a weight, a volume held in part, packs, one box
  const products = [
    { name: 'Sugar', code: 'SUG', unit: 'kg', held: 1_500, reorder: 5_000 },
    { name: 'Cooking oil', code: 'OIL', unit: 'litre', held: 86_000, reorder: 0 },
    { name: 'Biscuits', code: 'BIS', unit: 'pack', held: 15_000, reorder: 20_000 },
    { name: 'Matches', code: 'MAT', unit: 'box', held: 1_000, reorder: 2_000 },
    { name: 'Soap bar', code: 'SOAP', unit: 'each', held: 1_000, reorder: 0 },
  ];
  const supplier = await api(page, '/api/suppliers', { name: 'Wholesale Ltd' });
  const lines = [];
  for (const p of products) {
    const made = await api(page, '/api/products', {
      name: p.name,
      code: p.code,
      unit: p.unit,
      price: 25_000,
      ...(p.reorder ? { reorder_level: p.reorder } : {}),
    });
    lines.push({ product_id: made.id, quantity: p.held, unit_cost: 12_000 });
  }
  await api(page, '/api/stock/receipts', {
    id: crypto.randomUUID(),
    supplier_id: supplier.id,
    location_id: shop!.id,
    lines,
  });
  // an expense of the day: the drawer's expected cash below zero
  const { timezone } = (await (await page.request.get(`${server.url}/api/business/profile`)).json()) as {
    timezone: string;
  };
  const category = await api(page, '/api/expense-categories', { name: 'Transport' });
  await api(page, '/api/expenses', {
    id: crypto.randomUUID(),
    date: new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date()),
    category_id: category.id,
    amount: 45_050,
    method: 'cash',
    location_id: shop!.id,
  });

  await shoot(page, 'till', async () => {
    await page.goto(`${server.url}/cash-sale`);
    await expect(page.getByTestId('tile-OIL')).toBeVisible();
  });
  await shoot(page, 'products', async () => {
    await page.goto(`${server.url}/stock`);
    await expect(page.getByText('Cooking oil').first()).toBeVisible();
  });
  await shoot(page, 'low-stock', async () => {
    await page.goto(`${server.url}/stock-report`);
    await page.getByTestId('stock-report').locator('label[for$="-low"]').click();
    await expect(page.getByTestId('stock-report').locator('input[value="low"]')).toBeChecked();
  });
  await shoot(page, 'day', async () => {
    await page.goto(`${server.url}/daily-sales`);
    await expect(page.getByRole('heading').first()).toBeVisible();
  });
});
