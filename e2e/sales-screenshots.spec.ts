import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage } from './support/fixtures';
import {
  businessToday,
  newId,
  seedLocation,
  stockedProduct,
  seedProvider,
  seedDebtor,
  seedSale,
  seedReversal,
} from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of current sales (drawer open), the three reverse screens with a sale loaded and
 * daily sales before and after closing, light and dark, 1440 and 390 wide, in /tmp/shots-sales.
 */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

async function shoot(
  page: Page,
  name: string,
  path: string,
  heading: string,
  prepare?: () => Promise<void>,
  fullPage = true,
) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      if (prepare) await prepare();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-sales/${name}-${scheme}-${size.name}.png`, fullPage });
    }
  }
}

test('sales screens, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await adminApi();
  const today = await businessToday(api);
  const shop = await seedLocation(api, `Westlands ${RUN}`);
  const closedShop = await seedLocation(api, `Karen ${RUN}`);
  const product = (name: string, code: string, price: number, at: string) =>
    stockedProduct(api, { name, code: `${code}${RUN}`, price }, at, 40);
  const sugar = await stockedProduct(
    api,
    { name: 'Sugar 1 kg', code: `SHSUG${RUN}`, price: 18_000, tax_rate: 1600 },
    shop.id,
    40,
  );
  const bread = await product('Bread 400 g', 'SHBRD', 6_500, shop.id);
  const milk = await product('Milk 500 ml', 'SHMLK', 6_000, shop.id);
  const soap = await product('Bar soap', 'SHSOAP', 12_000, closedShop.id);
  const provider = await seedProvider(api, `M-Pesa ${RUN}`);
  const debtor = await seedDebtor(api, `Grace Akinyi ${RUN}`, 2_000_000);
  const lines = [
    { product_id: sugar.id, units: 2 },
    { product_id: bread.id, units: 1 },
    { product_id: milk.id, units: 3 },
  ];
  const cash = await seedSale(api, { kind: 'cash', location_id: shop.id, lines });
  const debt = await seedSale(api, {
    kind: 'debtor',
    location_id: shop.id,
    debtor_id: debtor.id,
    lines,
  });
  const transfer = await seedSale(api, {
    kind: 'transfer',
    location_id: shop.id,
    provider_id: provider.id,
    reference: `QK${RUN}7`,
    lines,
  });
  await seedSale(api, {
    kind: 'cash',
    location_id: shop.id,
    lines: [{ product_id: bread.id, units: 4 }],
  });
  await seedReversal(api, cash.id, [{ line_no: 3, units: 1 }]);
  // a refund with tax in it: the drawer shows what goes back of it, by rate
  const taxedRefund = await seedReversal(api, cash.id, [{ line_no: 1, units: 1 }]);
  await seedReversal(api, debt.id, [{ line_no: 1, units: 1 }]);
  const soapSale = await seedSale(api, {
    kind: 'cash',
    location_id: closedShop.id,
    lines: [{ product_id: soap.id, units: 5 }],
  });
  const close = await api.post('/api/daily-sales/close', {
    data: {
      id: newId(),
      location_id: closedShop.id,
      day: today,
      counted_cash: 59_000,
      note: 'Short',
    },
  });
  expect(close.status(), await close.text()).toBe(201);
  // A sale after the close: the closed day shows what changed since.
  await seedSale(api, {
    kind: 'cash',
    location_id: closedShop.id,
    lines: [{ product_id: soap.id, units: 1 }],
  });
  expect(soapSale.total).toBe(60_000);
  await api.dispose();

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await shoot(
    page,
    'current-sales',
    '/current-sales',
    'Make a sale › current sales',
    async () => {
      await page.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('option', { name: shop.name, exact: true }).click();
      await page.getByTestId(`sale-row-${cash.receipt_no}`).click();
      await expect(page.getByRole('img', { name: `Receipt #${cash.receipt_no}` })).toBeVisible();
    },
    false,
  );
  await shoot(
    page,
    'current-sales-reversal',
    '/current-sales',
    'Make a sale › current sales',
    async () => {
      await page.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('option', { name: shop.name, exact: true }).click();
      await page.getByTestId(`sale-row-${taxedRefund.receipt_no}`).click();
      await expect(page.getByText(/VAT 16% incl\./)).toBeVisible();
    },
    false,
  );
  await shoot(page, 'current-sales-list', '/current-sales', 'Make a sale › current sales', async () => {
    await page.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: shop.name, exact: true }).click();
    await expect(page.getByTestId(`sale-row-${cash.receipt_no}`)).toBeVisible();
  });
  for (const [kind, sale] of [
    ['cash', cash],
    ['debtor', debt],
    ['transfer', transfer],
  ] as const) {
    await shoot(
      page,
      `${kind}-reverse`,
      `/${kind}-reverse?receipt=${sale.receipt_no}`,
      `Reverse a sale › ${kind}`,
      async () => {
        await expect(page.getByTestId('refund-total')).toBeVisible();
        await page.getByLabel(/^Quantity of Milk/).fill('1');
        await page.getByLabel(/^Quantity of Sugar/).fill('0');
      },
    );
  }
  await shoot(page, 'reverse-empty', '/cash-reverse', 'Reverse a sale › cash');
  await shoot(page, 'daily-open', `/daily-sales?location_id=${shop.id}`, 'Daily sales', async () => {
    await expect(page.getByTestId('expected-cash')).toBeVisible();
    await page.getByLabel(/^Cash counted/).fill('900');
  });
  await shoot(page, 'daily-closed', `/daily-sales?location_id=${closedShop.id}`, 'Daily sales', async () => {
    await expect(page.getByRole('img', { name: /^Receipt #/ })).toBeVisible();
    await expect(page.getByTestId('changed-since-close')).toBeVisible();
  });
});
