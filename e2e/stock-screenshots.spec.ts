import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of the stock screens in light and dark, 1440 and 390 wide, written to
 * /tmp/shots-stock for people to look at. Each one first checks the screen is really there.
 */
test.beforeAll(ensureSetup);

async function shoot(page: Page, name: string, path: string, heading: string, prepare?: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      if (prepare) await prepare();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-stock/${name}-${scheme}-${size.name}.png`, fullPage: true });
    }
  }
}

test('stock screens, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(180_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  // Something to show: a product with stock (made through the API).
  const code = `SHOT${Date.now().toString(36).slice(-4)}`;
  const res = await page.request.post('/api/products', {
    data: {
      name: 'Tea leaves 500 g',
      code,
      barcodes: [`${code}1`],
      category: 'Beverages',
      price: 25000,
      tax_rate: 1600,
    },
  });
  expect(res.status()).toBe(201);

  await shoot(page, 'stock', '/stock', 'Manage Stock', async () => {
    await expect(page.getByText('Tea leaves 500 g').first()).toBeVisible();
  });
  await shoot(page, 'receipt', '/addsupplierstock', 'Add Stock › From supplier', async () => {
    const search = page.getByTestId('product-search');
    if ((await page.getByLabel(/^Quantity of Tea/).count()) === 0) {
      await search.fill(code);
      await search.press('Enter');
      await expect(page.getByLabel(/^Quantity of Tea/)).toBeVisible();
    }
  });
  await shoot(page, 'negative', '/stock-negative', 'Add Stock › Remove stock');
  await shoot(page, 'transfer', '/inter-location', 'Add Stock › Location to location');
  await shoot(page, 'locations', '/locations', 'Locations');
  await shoot(page, 'suppliers', '/suppliers', 'Suppliers');
  await shoot(page, 'stock-taking', '/stock-taking', 'Stock taking');
  // The product drawer and the import dialog.
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/stock');
  await page.getByText('Tea leaves 500 g').first().click();
  await expect(page.getByRole('dialog', { name: 'Edit product' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/shots-stock/product-drawer-light-wide.png' });
  await setScheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByText('Tea leaves 500 g').first().click();
  await expect(page.getByRole('dialog', { name: 'Edit product' })).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/shots-stock/product-drawer-dark-narrow.png' });
  // The import dialog's preview: a new product, a change and a row that changes nothing.
  const csv = [
    'code,name,category,price,tax_rate',
    `${code},Tea leaves 500 g,Beverages,250,16`,
    `${code}X,Tea leaves 1 kg,Beverages,480,16`,
    `${code}Y,Coffee 250 g,Beverages,390,16`,
  ].join('\n');
  await page.request.post('/api/products', {
    data: { name: 'Tea leaves 1 kg', code: `${code}X`, category: 'Beverages', price: 45000, tax_rate: 1600 },
  });
  for (const [scheme, size] of [
    ['light', { width: 1440, height: 900, name: 'wide' }],
    ['dark', { width: 390, height: 844, name: 'narrow' }],
  ] as const) {
    await setScheme(page, scheme);
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/stock');
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await expect(dialog.getByTestId('import-row-2')).toContainText('No change');
    await expect(dialog.getByTestId('import-row-3')).toContainText('Update');
    await expect(dialog.getByTestId('import-row-4')).toContainText('New');
    await expect(dialog.getByTestId('import-actions')).toHaveText('New: 1 · Update: 1 · No change: 1');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/shots-stock/import-${scheme}-${size.name}.png` });
  }
  // Leave no half-entered receipt behind for other specs.
  await page.evaluate(() => localStorage.removeItem('duka.draft.receipt'));
});

test('a count of many products: the first page of what was counted, a search, and more on asking', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const run = Date.now().toString(36).slice(-4).toUpperCase();
  const csv = ['code,name,category,price,tax_rate'];
  for (let i = 0; i < 75; i++)
    csv.push(`CS${run}${i},Shelf item ${run} ${String(i).padStart(2, '0')},Dry,100,16`);
  const imported = await page.request.post('/api/products/import', {
    data: { csv: `${csv.join('\n')}\n`, commit: true },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const found = (await (await page.request.get(`/api/products?q=CS${run}&limit=100`)).json()) as {
    id: string;
  }[];
  expect(found).toHaveLength(75);
  const store = (await (
    await page.request.post('/api/locations', { data: { name: `Shelf room ${run}` } })
  ).json()) as {
    id: string;
  };
  const countId = crypto.randomUUID();
  const started = await page.request.post('/api/stock-counts', {
    data: { id: countId, location_id: store.id },
  });
  expect(started.status(), await started.text()).toBe(201);
  for (const [i, p] of found.entries()) {
    const entry = await page.request.post(`/api/stock-counts/${countId}/entries`, {
      data: { id: crypto.randomUUID(), product_id: p.id, quantity: 1_000 * (i % 12) },
    });
    expect(entry.status()).toBe(201);
  }
  await page.goto('/stock-taking');
  await page.evaluate((id) => localStorage.setItem('duka.count.current', JSON.stringify(id)), countId);
  try {
    await shoot(page, 'count-many', '/stock-taking', 'Stock taking', async () => {
      await expect(page.getByTestId('counted-total')).toHaveText('75');
      await expect(page.getByTestId('counted').getByTestId(/^counted-Shelf item/)).toHaveCount(60);
      await expect(page.getByRole('button', { name: 'Show 15 more (15 left)' })).toBeVisible();
    });
  } finally {
    await page.evaluate(() => localStorage.removeItem('duka.count.current'));
    await page.request.post(`/api/stock-counts/${countId}/cancel`);
  }
});
