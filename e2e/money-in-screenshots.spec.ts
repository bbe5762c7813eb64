import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage } from './support/fixtures';
import { businessToday, newId, seedLocation, seedReversal, seedSale, stockedProduct } from './support/seed';
import { setScheme } from './support/screens';

/**
 * Screenshots of issue 16's money screens, light and dark, at 1366×768 and 390×844, in
 * /tmp/shots-money: the product form with the buying price and margin, the transfer dialog with
 * Add a provider open, the reverse screen at 0, a refund slip, and the closed-day notice.
 */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const SIZES = [
  { name: 'wide', width: 1366, height: 768 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string, path: string, prepare: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await prepare();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-money/${name}-${scheme}-${size.name}.png` });
    }
  }
}

test('money screens, light and dark, 1366×768 and 390×844', async ({ page }) => {
  test.setTimeout(900_000);
  const api = await adminApi();
  const shop = await seedLocation(api, `Kilimani ${RUN}`);
  const rice = await stockedProduct(
    api,
    { name: `Premium basmati rice extra long grain 5 kg ${RUN}`, code: `SHRICE${RUN}`, price: 125_000 },
    shop.id,
    20,
  );
  const bread = await stockedProduct(
    api,
    { name: `Bread 400 g ${RUN}`, code: `SHBR${RUN}`, price: 6_500 },
    shop.id,
    20,
  );
  await api.patch(`/api/products/${rice.id}`, { data: { buying_price: 98_000 } });
  const sale = await seedSale(api, {
    kind: 'cash',
    location_id: shop.id,
    lines: [
      { product_id: rice.id, units: 2 },
      { product_id: bread.id, units: 3 },
    ],
  });
  const refund = await seedReversal(api, sale.id, [{ line_no: 1, units: 1 }]);
  const closed = await seedLocation(api, `Closed ${RUN}`);
  await api.post('/api/daily-sales/close', {
    data: { id: newId(), location_id: closed.id, day: await businessToday(api), counted_cash: 0 },
  });
  await api.dispose();
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);

  // the refund slip as the screen and the browser's print show it (the server's SVG), both rolls,
  // in the business's language: English, then Spanish
  for (const language of ['en', 'es'] as const) {
    const profile = await page.request.patch('/api/business/profile', { data: { language } });
    expect(profile.status()).toBe(200);
    for (const width of [80, 58] as const) {
      const svg = await (
        await page.request.get(`/api/receipts/${refund.receipt_no}/svg?width=${width}`)
      ).text();
      await page.setViewportSize({ width: width === 80 ? 640 : 480, height: 900 });
      await page.setContent(`<html><body style="margin:16px;background:#eee">${svg}</body></html>`);
      await page.screenshot({ path: `/tmp/shots-money/refund-slip-${language}-${width}.png` });
    }
  }
  await page.request.patch('/api/business/profile', { data: { language: 'en' } });
  await shoot(page, 'closed-day', '/cash-sale', async () => {
    await page.getByRole('combobox', { name: 'Location' }).selectOption({ label: closed.name });
    await expect(page.getByTestId('closed-day-notice')).toBeVisible();
  });
  await shoot(page, 'product-form', '/stock', async () => {
    await page.getByLabel('Search by name, code or barcode').fill(rice.code);
    // a row on a wide screen, a card on a phone
    await page.getByText(rice.name, { exact: true }).first().click();
    await expect(page.getByTestId('product-margin')).toBeVisible();
  });
  await shoot(page, 'transfer-add-provider', '/transfer-sale', async () => {
    const search = page.getByTestId('till-search');
    await search.fill(bread.code);
    await search.press('Enter');
    await page.getByTestId('till-pay').click();
    await page.getByRole('button', { name: 'Add a provider' }).click();
    await page.getByTestId('add-provider').getByLabel('Provider name').fill('Airtel Money');
  });
  await shoot(page, 'reverse-at-zero', `/cash-reverse?receipt=${sale.receipt_no}`, async () => {
    await expect(page.getByTestId('refund-total')).toBeVisible();
  });
});
