import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { eachScreen } from './support/screens';
import {
  businessToday,
  debtorBalance,
  kes,
  mainLocation,
  seedDebtor,
  seedSale,
  stockedProduct,
} from './support/seed';
import { cashDebtorPaymentsOf, openDebtor } from './support/debtors';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

/**
 * The QA's payment typed 5,000 for 500 could never be undone. The admin voids it from the
 * debtor's statement with a reason: the balance is back, the payment stays struck through with a
 * "Voided" badge, the void's line puts it back, and the day's cash no longer counts it.
 */
test('a debtor payment entered wrongly is voided from the statement, and the balance is right again', async ({
  page,
}) => {
  const api = await adminApi();
  const location = await mainLocation(api);
  const product = await stockedProduct(
    api,
    { name: `Beans ${RUN}`, code: `BN${RUN}`, price: 50000 },
    location,
    10,
  );
  const debtor = await seedDebtor(api, `Akinyi ${RUN}`, 1_000_000);
  await seedSale(api, {
    kind: 'debtor',
    location_id: location,
    debtor_id: debtor.id,
    lines: [{ product_id: product.id, units: 3 }],
  });
  const day = await businessToday(api);
  const cashOfDay = () => cashDebtorPaymentsOf(api, location, day);
  const cashBefore = await cashOfDay();

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const drawer = await openDebtor(page, debtor.name);
  await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('1,500.00'));

  // 1,000.00 typed where 100.00 was paid
  await drawer.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: `Payment from ${debtor.name}` });
  await pay.getByLabel(/^Amount/).fill('1000');
  await pay.getByRole('button', { name: 'Save payment' }).click();
  const done = page.getByRole('dialog', { name: 'Payment saved' });
  await expect(done.getByTestId('payment-done')).toContainText('New balance: KES');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('500.00'));
  expect(await cashOfDay()).toBe(cashBefore + 100_000);

  // the admin voids it: a reason is required
  const table = drawer.getByTestId('statement-table');
  await table.getByRole('button', { name: /^Void payment #\d+ of KES\s?1,000\.00$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Void this payment?' });
  await expect(confirm.getByTestId('void-payment-explainer')).toContainText(
    `back on what ${debtor.name} owes`,
  );
  await confirm.getByRole('button', { name: 'Void payment' }).click();
  await expect(confirm.getByText('Say why the payment is voided.')).toBeVisible();
  await confirm.getByRole('textbox', { name: /Reason/ }).fill('Paid 100, typed 1,000');
  await confirm.getByRole('button', { name: 'Void payment' }).click();
  await expect(confirm).toBeHidden();
  // its receipt, to print: "Payment voided", naming the receipt it voids
  const voided = page.getByRole('dialog', { name: 'Payment voided' });
  await expect(voided.getByTestId('void-done')).toContainText(
    /Payment #\d+ of KES\s?1,000\.00 voided on receipt #\d+\. New balance: /,
  );
  const receipt = voided.getByTestId('receipt-preview').locator('img');
  await expect(receipt).toBeVisible();
  const svg = await (await page.request.get((await receipt.getAttribute('src'))!)).text();
  const printed = svg.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');
  expect(printed).toContain('Payment voided');
  expect(printed).toMatch(/Voids receipt #\d+/);
  expect(printed).toContain('Paid 100, typed 1,000');
  await voided.getByRole('button', { name: 'Done' }).click();
  await expect(voided).toBeHidden();

  // the balance is back, the statement shows the payment voided and the line that put it back
  await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('1,500.00'));
  await expect(table.getByText('Voided', { exact: true })).toBeVisible();
  await expect(table).toContainText('Paid 100, typed 1,000');
  await expect(table.getByText('Payment voided', { exact: true })).toBeVisible();
  const running = table.getByTestId('running-balance');
  await expect(running).toHaveCount(3);
  await expect(running.nth(2)).toHaveText(kes('1,500.00'));
  await expect(drawer.getByTestId('statement-closing')).toHaveText(kes('1,500.00'));
  await expect(table.getByRole('button', { name: /^Void payment/ })).toHaveCount(0);

  // the server agrees, and the day's cash no longer counts the payment
  expect(await debtorBalance(api, debtor.id)).toBe(150_000);
  expect(await cashOfDay()).toBe(cashBefore);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`balance-${debtor.name}`)).toHaveText(kes('1,500.00'));

  // the statement as people see it, in each scheme and size (looked at, not compared)
  await eachScreen(page, async (name) => {
    const shown = await openDebtor(page, debtor.name);
    await expect(shown.getByTestId('statement-table').getByText('Voided', { exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-debtors/statement-voided-${name}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(shown).toBeHidden();
  });
  await api.dispose();
});
