import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ownServerShots } from './support/own-server-shots';

/**
 * Screens of issue 16's words and first day, for people to look at (`npm run screenshots`): the
 * getting-started checklist of a new shop, the Add user form and the dashboard with a week of
 * trade, at 1366×768 and 390×844, in English and Spanish (light; the checklist in dark too), and
 * the till's tiles with product pictures. Written to $WORDS_SHOTS_DIR (/work/shots/words).
 */
const { url, shoot, api, setUp, firstLocation } = ownServerShots({
  out: process.env.WORDS_SHOTS_DIR ?? '/work/shots/words',
  sizes: [
    { name: '1366', width: 1366, height: 768 },
    { name: '390', width: 390, height: 844 },
  ],
  langs: ['en', 'es'],
});

async function picture(page: Page, color: string): Promise<string> {
  const buffer = await sharp({ create: { width: 96, height: 96, channels: 3, background: color } })
    .png()
    .toBuffer();
  const res = await page.request.post(`${url()}/api/files/images`, {
    multipart: { avatar: { name: 'p.png', mimeType: 'image/png', buffer } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { name: string }).name;
}

test('first-day screens, English and Spanish', async ({ page }) => {
  test.setTimeout(300_000);
  await setUp(page);
  const rice = await api(page, '/api/products', { name: 'Rice 1 kg', code: 'RICE1', price: 20_000 });

  await shoot(page, 'checklist', async () => {
    await page.goto(`${url()}/dashboard`);
    await expect(page.getByTestId('getting-started')).toBeVisible();
    await expect(page.getByTestId('step-products')).toHaveAttribute('data-done', 'true');
  });
  await shoot(
    page,
    'add-user',
    async () => {
      await page.goto(`${url()}/users`);
      await page.getByRole('button', { name: /Add user|Añadir usuario/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    ['light'],
  );

  // A week of trade: products with pictures, a delivery, sales, one product fully reversed.
  const shop = await firstLocation(page);
  const names = [
    'Sugar 2 kg',
    'Maize flour 2 kg',
    'Cooking oil 1 l',
    'Milk 500 ml',
    'Bread 400 g',
    'Soap bar',
  ];
  const colors = ['#e9c46a', '#f4a261', '#e76f51', '#a8dadc', '#bc6c25', '#8ecae6'];
  const products = [rice];
  for (const [i, name] of names.entries())
    products.push(
      await api(page, '/api/products', {
        name,
        code: `P${i + 1}`,
        price: 5_000 + i * 4_500,
        image: i === 2 ? null : await picture(page, colors[i]!),
      }),
    );
  const supplier = await api(page, '/api/suppliers', { name: 'Wholesale Ltd' });
  await api(page, '/api/stock/receipts', {
    id: crypto.randomUUID(),
    supplier_id: supplier.id,
    location_id: shop.id,
    lines: products.map((p) => ({ product_id: p.id, quantity: 100_000, unit_cost: 3_000 })),
  });
  for (const [i, p] of products.entries()) {
    const sale = await api(page, '/api/sales', {
      id: crypto.randomUUID(),
      kind: 'cash',
      location_id: shop.id,
      lines: [{ product_id: p.id, quantity: (i + 1) * 1_000 }],
      tendered: 10_000_000,
    });
    if (i === 3)
      await api(page, `/api/sales/${sale.id}/reversals`, { id: crypto.randomUUID(), reason: 'Returned' });
  }
  await shoot(
    page,
    'dashboard',
    async () => {
      await page.goto(`${url()}/dashboard`);
      await expect(page.getByTestId('dash-top')).toBeVisible();
    },
    ['light'],
  );
  await shoot(
    page,
    'till-tiles',
    async () => {
      await page.goto(`${url()}/cash-sale`);
      await expect(page.getByTestId('tile-P1').getByTestId('tile-image')).toBeVisible();
    },
    ['light'],
  );
});
