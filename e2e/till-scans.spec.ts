/**
 * Scans into the till's search box faster than the server answers them, in Chromium, with a
 * scanner's own timing (e2e/support/scanner.ts) and every product lookup held 300 ms on its way
 * back (a busy hosted server, a slow line). The browser QA lost an item this way: the next scan's
 * keys were added to the end of the code still being looked up.
 */
import { expect, test } from '@playwright/test';
import { adminSpec } from './support/admin-spec';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { stockedProduct } from './support/seed';
import { scannerTypes } from './support/scanner';
import { dropWorkDrafts } from './support/stock-screens';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const LATE_MS = 300;
const SCAN_GAP_MS = 150;
const TEA = `6163${RUN}0011`;
const SOAP = `6163${RUN}0028`;
const UNKNOWN = `6163${RUN}9999`;
const RICE = `6163${RUN}0035`;

const spec = adminSpec({ dropDrafts: true });

test('scans 150 ms apart with answers 300 ms late: every one counts, in order; a miss comes back selected', async ({
  page,
}) => {
  const { api, main } = spec;
  const tea = await stockedProduct(
    api,
    { name: `Tea leaves ${RUN}`, code: `QTEA${RUN}`, barcode: TEA, price: 2500 },
    main,
    20,
  );
  const soap = await stockedProduct(
    api,
    { name: `Soap bar ${RUN}`, code: `QSOP${RUN}`, barcode: SOAP, price: 4000 },
    main,
    20,
  );
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await dropWorkDrafts(page.request);
  await page.route('**/api/products?*', async (route) => {
    await new Promise((r) => setTimeout(r, LATE_MS));
    await route.continue();
  });
  await page.goto('/cash-sale');
  const search = page.getByTestId('till-search');
  await expect(search).toBeFocused();

  const codes = [TEA, SOAP, TEA, UNKNOWN, SOAP];
  for (const code of codes) {
    await scannerTypes(page, code);
    await page.waitForTimeout(SCAN_GAP_MS);
  }

  const lines = page.getByRole('group').filter({ has: page.getByLabel(/^Quantity of /) });
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toHaveAccessibleName(tea.name);
  await expect(lines.nth(1)).toHaveAccessibleName(soap.name);
  await expect(page.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('2');
  await expect(page.getByLabel(`Quantity of ${soap.name}`)).toHaveValue('2');
  // the code that found nothing is named and back in the box, selected for the next scan
  await expect(page.getByText(`No product matches “${UNKNOWN}”`)).toBeVisible();
  await expect(search).toHaveValue(UNKNOWN);
  await expect(search).toBeFocused();
  expect(await search.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([
    0, 12,
  ]);
  await scannerTypes(page, TEA);
  await expect(page.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('3');
  await expect(search).toHaveValue('');
});

test('a scan with a dialog open is not typed into it: no supplier named by a code, no sale paid with one', async ({
  page,
}) => {
  const { api, main } = spec;
  await stockedProduct(api, { name: `Rice ${RUN}`, code: `QRIC${RUN}`, barcode: RICE, price: 3000 }, main, 5);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await dropWorkDrafts(page.request);
  const notice = page.getByText(`“${RICE}” was scanned while this window is open and was left out of it.`);

  // the stock screens: Add supplier, the name half typed, a scan
  await page.goto('/addsupplierstock');
  await page.getByRole('button', { name: 'Add supplier' }).click();
  const quick = page.getByRole('dialog', { name: 'Add supplier' });
  const name = quick.getByLabel(/^Supplier name/);
  await name.click();
  await page.keyboard.type(`Kamau ${RUN}`, { delay: 80 });
  await scannerTypes(page, RICE);
  await expect(notice).toBeVisible();
  await expect(name).toHaveValue(`Kamau ${RUN}`);
  await expect(quick).toBeVisible();
  const suppliers = (await (await page.request.get('/api/suppliers')).json()) as { name: string }[];
  expect(suppliers.filter((x) => x.name.includes(RICE) || x.name.startsWith(`Kamau ${RUN}`))).toEqual([]);
  await quick.getByRole('button', { name: 'Cancel' }).click();

  // the till: Pay open, a scan into the amount tendered
  await page.goto('/cash-sale');
  await scannerTypes(page, RICE);
  await expect(page.getByLabel(`Quantity of Rice ${RUN}`)).toHaveValue('1');
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: 'Pay · Cash sale' });
  const tendered = pay.getByLabel('Amount tendered');
  await tendered.fill('50');
  await scannerTypes(page, RICE);
  await expect(notice.last()).toBeVisible();
  await expect(tendered).toHaveValue('50');
  await expect(pay).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Sale complete/ })).toHaveCount(0);
  // a person's Enter still pays
  await tendered.press('Enter');
  await expect(page.getByRole('dialog', { name: /Sale complete · Receipt #/ })).toBeVisible();
});

test("a slow scanner's code typed into a line's quantity adds its product; the quantity stays as it was", async ({
  page,
}) => {
  const { api, main } = spec;
  const slowCode = `6163${RUN}0042`;
  const tea = await stockedProduct(
    api,
    { name: `Slow tea ${RUN}`, code: `QSTE${RUN}`, barcode: `6163${RUN}0059`, price: 2500 },
    main,
    20,
  );
  const beans = await stockedProduct(
    api,
    { name: `Slow beans ${RUN}`, code: `QSBE${RUN}`, barcode: slowCode, price: 1800 },
    main,
    20,
  );
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await dropWorkDrafts(page.request);
  await page.goto('/cash-sale');
  await expect(page.getByTestId('till-search')).toBeFocused();
  await scannerTypes(page, `6163${RUN}0059`);
  const teaQty = page.getByLabel(`Quantity of ${tea.name}`);
  await expect(teaQty).toHaveValue('1');
  await page.waitForTimeout(1_000);
  // the cashier is in the tea's quantity when a Bluetooth scanner sends a key every 55 ms
  await teaQty.click();
  await scannerTypes(page, slowCode, { keyGapMs: 55 });
  await expect(page.getByLabel(`Quantity of ${beans.name}`)).toHaveValue('1');
  await expect(teaQty).toHaveValue('1');
  await expect(page.getByRole('group').filter({ has: page.getByLabel(/^Quantity of /) })).toHaveCount(2);
});
