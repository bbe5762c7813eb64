import { seriousAxeFindings } from './support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, stockedProduct } from './support/seed';
import { setScheme } from './support/screens';
import { addProduct, dropWorkDrafts, pick, scan } from './support/stock-screens';
import { scannerTypes } from './support/scanner';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const SUGAR = { name: `Sugar 1 kg ${RUN}`, code: `SUG${RUN}`, barcode: `616100${RUN}01` };
const RICE = { name: `Rice 2 kg ${RUN}`, code: `RICE${RUN}` };
const STORE = `Back store ${RUN}`;

test.describe('stock journey (admin)', () => {
  test.beforeEach(async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await dropWorkDrafts(page.request);
  });

  test('products, a second location, receipt, transfer, adjustments and a count end in the right levels', async ({
    page,
  }) => {
    // ten screens in one journey: more than the default minute on a loaded machine
    test.slow();
    // A second location.
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Add location' }).click();
    await page
      .getByRole('dialog', { name: 'Add location' })
      .getByLabel(/^Location name/)
      .fill(STORE);
    await page.getByRole('dialog', { name: 'Add location' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId(`location-row-${STORE}`)).toBeVisible();
    // A second one of that name (in other letters) could not be told apart in the pickers: refused.
    await page.getByRole('button', { name: 'Add location' }).click();
    const twin = page.getByRole('dialog', { name: 'Add location' });
    await twin.getByLabel(/^Location name/).fill(` ${STORE.toUpperCase()} `);
    await twin.getByRole('button', { name: 'Save' }).click();
    await expect(twin).toContainText('Another location already has this name.');
    await twin.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId(`location-row-${STORE}`)).toHaveCount(1);

    // Two products.
    await page.goto('/stock');
    await expect(page.getByRole('heading', { name: 'Manage Stock' })).toBeVisible();
    await addProduct(page, SUGAR, '180');
    await addProduct(page, RICE, '350');
    await expect(page.getByTestId(`product-row-${SUGAR.code}`)).toBeVisible();

    // Receipt from a new supplier, by scanner and by name search.
    await page.goto('/addsupplierstock');
    await expect(page.getByRole('heading', { name: 'Add Stock › From supplier' })).toBeVisible();
    await page.getByRole('button', { name: 'Add supplier' }).click();
    const quick = page.getByRole('dialog', { name: 'Add supplier' });
    await quick.getByLabel(/^Supplier name/).fill(`Bidco ${RUN}`);
    await quick.getByRole('button', { name: 'Create supplier' }).click();
    await expect(page.getByRole('combobox', { name: /^Supplier/ })).toHaveValue(`Bidco ${RUN}`);
    await pick(page, /^Location/, 'Main shop');
    await page.getByLabel('Their invoice number').fill('INV-77');
    await scan(page, SUGAR.barcode, '10');
    const search = page.getByTestId('product-search');
    await search.fill(RICE.name);
    await expect(page.getByRole('option', { name: new RegExp(RICE.name) })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('ArrowUp');
    await search.press('Enter');
    await expect(page.locator('input:focus')).toHaveAttribute('aria-label', `Quantity of ${RICE.name}`);
    await page.locator('input:focus').fill('5');
    // A scan with the focus still in Rice's quantity is Sugar's: Rice keeps its 5, Sugar gets one more.
    await scannerTypes(page, SUGAR.barcode);
    await expect(page.getByLabel(`Quantity of ${SUGAR.name}`)).toHaveValue('11');
    await expect(page.getByLabel(`Quantity of ${RICE.name}`)).toHaveValue('5');
    await expect(page.getByText('Lines: 2')).toBeVisible();
    await page.getByLabel(`Quantity of ${SUGAR.name}`).fill('10');
    await page.getByLabel(`Unit cost of ${SUGAR.name}`).fill('150');
    await page.getByLabel(`Unit cost of ${RICE.name}`).fill('300');
    await expect(page.getByTestId('doc-total')).toHaveText(/KES\s?3,000\.00/);
    // "1,000" in English is a thousand (it was read as one): 1,000 × 300 + 10 × 150
    await page.getByLabel(`Quantity of ${RICE.name}`).fill('1,000');
    await expect(page.getByTestId('doc-total')).toHaveText(/KES\s?301,500\.00/);
    await page.getByLabel(`Quantity of ${RICE.name}`).fill('5');
    await expect(page.getByTestId('doc-total')).toHaveText(/KES\s?3,000\.00/);
    // A half-entered document survives a reload.
    await page.reload();
    await expect(page.getByLabel(`Quantity of ${SUGAR.name}`)).toHaveValue('10');
    await expect(page.getByLabel('Their invoice number')).toHaveValue('INV-77');
    await page.getByRole('button', { name: 'Save receipt' }).click();
    await expect(page.getByText('Goods received: 2 lines added to stock')).toBeVisible();
    await expect(page.getByText('No lines yet')).toBeVisible();

    // Transfer 4 sugar to the store.
    await page.goto('/inter-location');
    await pick(page, /^From location/, 'Main shop');
    await pick(page, /^To location/, STORE);
    await scan(page, SUGAR.code, '4');
    await page.getByRole('button', { name: 'Save transfer' }).click();
    await expect(page.getByText('Transfer saved: 1 line moved')).toBeVisible();

    // Add stock: 2 rice found.
    await page.goto('/stock-positive');
    await pick(page, /^Location/, 'Main shop');
    await pick(page, /^Reason/, 'Found');
    await scan(page, RICE.code, '2');
    await page.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByText('Stock added: 1 line')).toBeVisible();

    // Remove stock: more than on hand is refused next to the line, then 1 damaged.
    await page.goto('/stock-negative');
    await pick(page, /^Location/, 'Main shop');
    await pick(page, /^Reason/, 'Damaged');
    await scan(page, SUGAR.code, '100');
    await page.getByRole('button', { name: 'Save adjustment' }).click();
    // what is there, in the message: 5 sugar received less 1 sold
    await expect(page.getByTestId('line-0').getByRole('alert')).toContainText(
      /Not enough .* in stock: \d+ on hand\./,
    );
    await page.getByLabel(`Quantity of ${SUGAR.name}`).fill('1');
    // the refusal was about 100: with the line changed it is gone until the next save
    await expect(page.getByTestId('line-0').getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByText('Stock removed: 1 line')).toBeVisible();

    // A count at Main shop: 4 sugar counted where 5 are expected.
    await page.goto('/stock-taking');
    await pick(page, /^Location/, 'Main shop');
    await page.getByRole('button', { name: 'Start count' }).click();
    await expect(page.getByText('Count started')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Count at Main shop' })).toBeVisible();
    const countSearch = page.getByTestId('product-search');
    await countSearch.pressSequentially(SUGAR.code, { delay: 5 });
    await countSearch.press('Enter');
    await expect(page.getByLabel('Counted quantity')).toBeFocused();
    await page.getByLabel('Counted quantity').fill('4');
    await page.getByLabel('Counted quantity').press('Enter');
    await expect(page.getByTestId(`counted-${SUGAR.name}`)).toContainText('4');
    // The screen reads the whole count again every 20 s: the browser keeps the answer and asks
    // with its ETag, and while nothing changed the server answers 304 without a body.
    const countId = await page.evaluate(async () => {
      const open = (await (await fetch('/api/stock-counts?status=open')).json()) as { id: string }[];
      return open[0]!.id;
    });
    // (Chromium reports a revalidated answer as its kept 200; what came over the wire tells.)
    const countReads: {
      since: string | null;
      ifNoneMatch: string | undefined;
      etag: string | null;
      bodyBytes: number;
    }[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== `/api/stock-counts/${countId}`) return;
      void Promise.all([request.allHeaders(), request.response(), request.sizes()]).then(([h, r, sizes]) =>
        countReads.push({
          since: url.searchParams.get('since'),
          ifNoneMatch: h['if-none-match'],
          etag: r!.headers()['etag'] ?? null,
          bodyBytes: sizes.responseBodySize,
        }),
      );
    });
    await page.evaluate(async (id) => {
      // the whole answer from the server (kept by the browser), then the same read as the screen's
      for (const cache of ['reload', 'default'] as const)
        if (!(await fetch(`/api/stock-counts/${id}`, { cache })).ok) throw new Error('count read');
    }, countId);
    await expect.poll(() => countReads.length).toBeGreaterThanOrEqual(2);
    const again = countReads.at(-1)!;
    expect(again.ifNoneMatch).toMatch(/^W\/"/);
    expect(again.ifNoneMatch).toBe(again.etag);
    expect(again.bodyBytes).toBe(0);
    expect(countReads.at(-2)!.bodyBytes).toBeGreaterThan(0);
    // A colleague counts the rice meanwhile (7, as expected): the screen's next read (every 20 s)
    // asks for what changed since its last one only, and shows it beside this counter's sugar.
    await page.evaluate(
      async ({ id, code }) => {
        const found = (await (await fetch(`/api/products?q=${code}`)).json()) as { id: string }[];
        const entry = await fetch(`/api/stock-counts/${id}/entries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id: crypto.randomUUID(), product_id: found[0]!.id, quantity: 7_000 }),
        });
        if (entry.status !== 201) throw new Error(`count entry: ${entry.status}`);
      },
      { id: countId, code: RICE.code },
    );
    const riceCard = page.getByTestId(`counted-${RICE.name}`);
    await expect(riceCard).toBeVisible({ timeout: 30_000 });
    await expect(riceCard.getByText('7 each', { exact: true })).toBeVisible();
    await expect(
      page.getByTestId(`counted-${SUGAR.name}`).getByText('4 each', { exact: true }),
    ).toBeVisible();
    const delta = countReads.find((r) => r.since !== null && r.bodyBytes > 0);
    expect(delta, JSON.stringify(countReads)).toBeDefined();
    // the rice's line and the count's own fields, not every product counted
    expect(delta!.bodyBytes).toBeLessThan(1_000);
    // The list of open counts says how far this one has gone (not its totals), and leads back.
    await page.getByRole('button', { name: 'All counts' }).click();
    const card = page.getByTestId(`count-card-${countId}`);
    await expect(card.getByTestId(`count-progress-${countId}`)).toHaveText(
      'Products counted: 2 · Entries: 2',
    );
    await page.screenshot({ path: '/tmp/shots-stock/count-list-light-wide.png', fullPage: true });
    const viewport = page.viewportSize()!;
    await setScheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card.getByTestId(`count-progress-${countId}`)).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-stock/count-list-dark-narrow.png', fullPage: true });
    await setScheme(page, 'light');
    await page.setViewportSize(viewport);
    await page.reload();
    await card.getByRole('button', { name: 'Continue counting' }).click();
    await expect(page.getByRole('heading', { name: 'Count at Main shop' })).toBeVisible();
    await page.getByRole('button', { name: 'Review variances' }).click();
    const row = page.getByTestId(`review-${SUGAR.name}`);
    await expect(row).toContainText('5');
    await expect(row).toContainText('−1');
    await page.screenshot({ path: '/tmp/shots-stock/count-review-light-wide.png', fullPage: true });
    // A scan with the review shown (an empty shelf's 0 more sugar): the review says it is out of
    // date at once, and is read again once the scans pause
    await countSearch.pressSequentially(SUGAR.code, { delay: 5 });
    await countSearch.press('Enter');
    await page.getByLabel('Counted quantity').fill('0');
    // a scan into the quantity counts what it says (0) and finds the product scanned: sugar again
    await scannerTypes(page, SUGAR.barcode);
    await expect(page.getByLabel('Counted quantity')).toHaveValue('1');
    await expect(page.getByLabel('Counted quantity')).toBeFocused();
    await page.getByLabel('Counted quantity').fill('0');
    await page.getByLabel('Counted quantity').press('Enter');
    const updating = page.getByTestId('review-updating');
    await expect(updating).toHaveText('Updating…');
    await page.screenshot({ path: '/tmp/shots-stock/count-review-updating-light-wide.png', fullPage: true });
    await expect(updating).toHaveCount(0, { timeout: 10_000 });
    await expect(row).toContainText('−1');
    // the same on a phone in dark
    const wide = page.viewportSize()!;
    await setScheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Review variances' }).click();
    await expect(row).toContainText('−1');
    await countSearch.pressSequentially(SUGAR.code, { delay: 5 });
    await countSearch.press('Enter');
    await page.getByLabel('Counted quantity').fill('0');
    await page.getByLabel('Counted quantity').press('Enter');
    await expect(updating).toHaveText('Updating…');
    await page.screenshot({ path: '/tmp/shots-stock/count-review-updating-dark-narrow.png', fullPage: true });
    await expect(updating).toHaveCount(0, { timeout: 10_000 });
    await setScheme(page, 'light');
    await page.setViewportSize(wide);
    await page.reload();
    await page.getByRole('button', { name: 'Finalise count' }).click();
    const confirm = page.getByRole('dialog', { name: 'Finalise count' });
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Finalise count' }).click();
    await expect(page.getByText('Count finalised')).toBeVisible();

    // The levels on /stock.
    await page.goto('/stock');
    await expect(page.getByTestId(`level-${SUGAR.code}-Main shop`)).toHaveText('4');
    await expect(page.getByTestId(`level-${SUGAR.code}-${STORE}`)).toHaveText('4');
    await expect(page.getByTestId(`total-${SUGAR.code}`)).toContainText('8');
    await expect(page.getByTestId(`level-${RICE.code}-Main shop`)).toHaveText('7');
    await expect(page.getByTestId(`total-${RICE.code}`)).toContainText('7');

    // The drawer shows the sugar's movements.
    await page.getByTestId(`product-row-${SUGAR.code}`).click();
    const drawer = page.getByRole('dialog', { name: 'Edit product' });
    await expect(drawer.getByText('Stock count')).toBeVisible();
    await expect(drawer.getByText('Transfer in')).toBeVisible();
    // held at both locations, the sugar is not deactivated: the switch says why
    await drawer.getByRole('switch', { name: 'Active' }).click();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(
      drawer.getByText(
        "Move, count or write off this product's stock at every location before deactivating it.",
      ),
    ).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-stock/product-holds-stock-light-wide.png' });
  });

  test('a CSV with one bad row imports nothing; fixed, it imports all', async ({ page }) => {
    await page.goto('/stock');
    await expect(page.getByRole('heading', { name: 'Manage Stock' })).toBeVisible();
    const header = 'code,name,barcodes,category,unit,price,tax_rate,reorder_level,active';
    const good = `CSVA${RUN},Maize flour ${RUN},,Flour,each,120,16,5,yes`;
    const bad = `CSVB${RUN},Cooking oil ${RUN},,Oil,each,abc,16,0,yes`;
    const upload = async (csv: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose a CSV file' }).click();
      await (
        await chooser
      ).setFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    };
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await upload(`${header}\n${good}\n${bad}\n`);
    await expect(dialog.getByText('Rows with errors: 1')).toBeVisible();
    await expect(dialog.getByTestId('import-row-3')).toContainText('Selling price (price): Not an amount');
    await expect(dialog.getByRole('button', { name: 'Import all' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Search by name, code or barcode').fill(`CSVA${RUN}`);
    await expect(page.getByText('No product matches these filters.')).toBeVisible();

    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    await upload(`${header}\n${good}\n${bad.replace(',abc,', ',450,')}\n`);
    await expect(dialog.getByText('All 2 rows are valid')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import all' }).click();
    await expect(page.getByText('Imported 2 products')).toBeVisible();
    await expect(page.getByTestId(`product-row-CSVA${RUN}`)).toBeVisible();
    await page.getByLabel('Search by name, code or barcode').fill(`CSVB${RUN}`);
    await expect(page.getByTestId(`product-row-CSVB${RUN}`)).toContainText(`Cooking oil ${RUN}`);

    // The same file with one price changed: the other row changes nothing and is not written.
    const changed = `${header}\n${good}\n${bad.replace(',abc,', ',475,')}\n`;
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    await upload(changed);
    await expect(dialog.getByTestId('import-row-2')).toContainText('No change');
    await expect(dialog.getByTestId('import-row-3')).toContainText('Update');
    await dialog.getByRole('button', { name: 'Import all' }).click();
    await expect(page.getByText('Imported 1 product')).toBeVisible();
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    await upload(changed);
    await expect(dialog.getByTestId('import-row-3')).toContainText('No change');
    await dialog.getByRole('button', { name: 'Import all' }).click();
    await expect(
      page.getByText('Every product already matches the file: nothing was changed.'),
    ).toBeVisible();
  });

  test('on a phone, an existing product’s drawer fits the screen; only its movements table scrolls sideways', async ({
    page,
  }) => {
    const api = await adminApi();
    const name = `Sugar 1 kg Mumias premium white ${RUN}`;
    await stockedProduct(api, { name, code: `PHONE${RUN}`, price: 18_000 }, await mainLocation(api), 24);
    await api.dispose();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/stock');
    await page.getByLabel('Search by name, code or barcode').fill(`PHONE${RUN}`);
    await page.getByText(name).first().click();
    const drawer = page.getByRole('dialog', { name: 'Edit product' });
    await expect(drawer.getByText('From supplier')).toBeVisible();
    // the drawer's own scroller never scrolls sideways: the table has its own, inside the screen
    const outer = drawer.locator('.mantine-ScrollArea-viewport').first();
    const widths = await outer.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const save = (await drawer.getByRole('button', { name: 'Save' }).boundingBox())!;
    expect(save.x + save.width).toBeLessThanOrEqual(390);
  });

  test('the stock screens pass axe', async ({ page }) => {
    for (const [path, heading] of [
      ['/stock', 'Manage Stock'],
      ['/addsupplierstock', 'Add Stock › From supplier'],
      ['/inter-location', 'Add Stock › Location to location'],
      ['/locations', 'Locations'],
      ['/suppliers', 'Suppliers'],
      ['/stock-taking', 'Stock taking'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(await seriousAxeFindings(page, path)).toEqual([]);
    }
  });
});
