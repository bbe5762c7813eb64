import { expect, test } from '@playwright/test';
import { ownServerShots } from './support/own-server-shots';

/**
 * A quantity with its unit in the words of its language ("15 Packungen", "1,5 litros") and money
 * below zero with a true minus sign, for people to look at (`npm run screenshots`): the till's
 * tiles, the products list and the stock report's low stock, in Spanish and German, light and dark,
 * at 1440×900 and 390×844. Written to $UNITS_SHOTS_DIR (/work/shots/units).
 */
const { url, shoot, api, setUp, firstLocation } = ownServerShots({
  out: process.env.UNITS_SHOTS_DIR ?? '/work/shots/units',
  sizes: [
    { name: '1440', width: 1440, height: 900 },
    { name: '390', width: 390, height: 844 },
  ],
  langs: ['es', 'de'],
});

test('quantities with their units and money below zero, Spanish and German', async ({ page }) => {
  test.setTimeout(300_000);
  await setUp(page);

  const shop = await firstLocation(page);
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
    location_id: shop.id,
    lines,
  });
  // an expense of the day: the drawer's expected cash below zero
  const { timezone } = (await (await page.request.get(`${url()}/api/business/profile`)).json()) as {
    timezone: string;
  };
  const category = await api(page, '/api/expense-categories', { name: 'Transport' });
  await api(page, '/api/expenses', {
    id: crypto.randomUUID(),
    date: new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date()),
    category_id: category.id,
    amount: 45_050,
    method: 'cash',
    location_id: shop.id,
  });

  await shoot(page, 'till', async () => {
    await page.goto(`${url()}/cash-sale`);
    await expect(page.getByTestId('tile-OIL')).toBeVisible();
  });
  await shoot(page, 'products', async () => {
    await page.goto(`${url()}/stock`);
    await expect(page.getByText('Cooking oil').first()).toBeVisible();
  });
  await shoot(page, 'low-stock', async () => {
    await page.goto(`${url()}/stock-report`);
    await page.getByTestId('stock-report').locator('label[for$="-low"]').click();
    await expect(page.getByTestId('stock-report').locator('input[value="low"]')).toBeChecked();
  });
  await shoot(page, 'day', async () => {
    await page.goto(`${url()}/daily-sales`);
    await expect(page.getByRole('heading').first()).toBeVisible();
  });
});
