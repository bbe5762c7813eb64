import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, stockedProduct, seedProvider, seedDebtor } from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of the till in light and dark, 1440 and 390 wide, written to /tmp/shots-till for
 * people to look at: empty, the frame painted before the app's code, with lines, the pay panel
 * for each kind of sale, the receipt after a sale. Each one first checks the screen is really there.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-till';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const PRODUCTS = [
  { name: 'Sugar 1 kg', price: 18000, tax_rate: 1600 },
  { name: 'Bread white 400 g', price: 6500, tax_rate: 0 },
  { name: 'Milk 500 ml', price: 6000, tax_rate: 0 },
  { name: 'Tea leaves 250 g', price: 25000 },
  { name: 'Cooking oil 1 L', price: 32000, tax_rate: 800 },
  { name: 'Maize flour 2 kg', price: 21000, tax_rate: 0 },
  { name: 'Rice pishori 2 kg', price: 39000 },
  { name: 'Bar soap 800 g', price: 12000 },
];

async function shot(page: Page, name: string, full = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: full });
}

async function scan(page: Page, code: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('the till, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const main = await mainLocation(api);
  const made = [];
  for (const [i, p] of PRODUCTS.entries())
    made.push(await stockedProduct(api, { ...p, code: `SH${i}${RUN}` }, main, 200));
  await seedDebtor(api, `Grace Achieng ${RUN}`, 500000);
  await seedProvider(api, `M-Pesa ${RUN}`);
  await seedProvider(api, `KCB Bank ${RUN}`);
  await api.dispose();
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);

  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      const tag = `${scheme}-${size.name}`;
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/cash-sale');
      await page.evaluate(() => localStorage.removeItem('duka.till.cart'));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Make a sale › cash', level: 1 })).toBeVisible();
      // The tiles are the first products by name: whatever the run made before may come first.
      await expect(page.getByTestId('till-search')).toBeVisible();
      await shot(page, `empty-${tag}`);

      // the till's frame, painted before the app's code (held back here) has run
      const appCode = /\/assets\/index-[^/]+\.js$/;
      await page.route(appCode, (r) => r.abort());
      await page.goto('/cash-sale', { waitUntil: 'commit' });
      await expect(
        page
          .locator('#duka-start[data-frame="till"]')
          .getByText('Scan a barcode or tap a product to start the sale.'),
      ).toBeVisible();
      await shot(page, `frame-${tag}`, false);
      await page.unroute(appCode);
      await page.goto('/cash-sale');
      await expect(page.getByTestId('till-search')).toBeVisible();

      await scan(page, made[0]!.code);
      await scan(page, made[0]!.code);
      await scan(page, made[1]!.code);
      await scan(page, made[4]!.code);
      await expect(page.getByRole('group', { name: made[4]!.name })).toBeVisible();
      await shot(page, `lines-${tag}`);

      await page.keyboard.press('F7');
      const discount = page.getByRole('dialog', { name: 'Discount' });
      await discount.getByRole('textbox', { name: 'Amount' }).fill('20');
      await shot(page, `discount-${tag}`, false);
      await page.keyboard.press('Escape');
      await expect(discount).toBeHidden();

      await page.getByTestId('till-pay').click();
      const cash = page.getByRole('dialog', { name: 'Pay · Cash sale' });
      await cash.getByLabel('Amount tendered').fill('1000');
      await expect(cash.getByTestId('pay-change')).toBeVisible();
      await shot(page, `pay-cash-${tag}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/debtor-sale');
      await page.getByTestId('till-pay').click();
      const debtor = page.getByRole('dialog', { name: 'Pay · Debtor sale' });
      await debtor.getByLabel('Debtor', { exact: true }).fill('Grace');
      await expect(debtor.getByRole('option', { name: /Grace Achieng/ }).first()).toBeVisible();
      await shot(page, `pay-debtor-search-${tag}`, false);
      await debtor.getByLabel('Debtor', { exact: true }).press('Enter');
      await expect(debtor.getByTestId('debtor-after')).toBeVisible();
      await shot(page, `pay-debtor-${tag}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/transfer-sale');
      await page.getByTestId('till-pay').click();
      const transfer = page.getByRole('dialog', { name: 'Pay · Transfer sale' });
      await transfer.getByRole('combobox', { name: /^Bank or mobile money/ }).click();
      await page.getByRole('option', { name: `M-Pesa ${RUN}` }).click();
      await transfer.getByTestId('pay-complete').click();
      await expect(
        transfer.getByRole('textbox', { name: /^Transfer reference/ }),
      ).toHaveAccessibleDescription(/Enter the transfer reference/);
      await shot(page, `pay-transfer-${tag}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/cash-sale');
      await page.getByTestId('till-pay').click();
      await cash.getByLabel('Amount tendered').fill('1000');
      await cash.getByLabel('Amount tendered').press('Enter');
      const done = page.getByRole('dialog', { name: /Sale complete/ });
      const img = done.getByRole('img', { name: /Receipt #/ });
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      await shot(page, `receipt-${tag}`, false);
      await page.keyboard.press('F4');
      await expect(done).toBeHidden();
    }
  }
});
