import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { seriousAxeFindings } from './support/axe';
import { eachScreen } from './support/screens';
import {
  businessToday,
  created,
  debtorBalance,
  kes,
  mainLocation,
  newId,
  seedDebtor,
  seedSale,
  stockedProduct,
} from './support/seed';
import { cashDebtorPaymentsOf, openDebtor } from './support/debtors';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

type Api = Awaited<ReturnType<typeof adminApi>>;

/** A debtor 1,000.00 in credit: 2 bags bought on credit, paid in cash, then brought back. */
async function debtorInCredit(api: Api, name: string, location: string, productId: string) {
  const debtor = await seedDebtor(api, name, 1_000_000);
  const sale = await seedSale(api, {
    kind: 'debtor',
    location_id: location,
    debtor_id: debtor.id,
    lines: [{ product_id: productId, units: 2 }],
  });
  await created(
    api.post(`/api/debtors/${debtor.id}/payments`, {
      data: { id: newId(), amount: sale.total, method: 'cash', location_id: location },
    }),
  );
  await created(
    api.post(`/api/sales/${sale.id}/reversals`, { data: { id: newId(), reason: 'Brought back' } }),
  );
  return debtor;
}

/** Once every transition has ended (a drawer or a dialog fading in is half transparent). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const payOutDialog = (page: Page, name: string) =>
  page.getByRole('dialog', { name: `Pay out credit to ${name}` });

/**
 * ADR 9: a debtor whose paid sale came back is owed that money. The admin hands it back in cash
 * from the debtor's drawer: the whole credit offered, no more taken, the balance back at zero, the
 * statement's line "Credit paid out" with the reason, and the day's cash lower by the amount, on a
 * line of its own on the day's page.
 */
test("a debtor's credit is paid out in cash from the drawer, and the balance is zero", async ({ page }) => {
  const api = await adminApi();
  const location = await mainLocation(api);
  const product = await stockedProduct(
    api,
    { name: `Rice ${RUN}`, code: `RC${RUN}`, price: 50000 },
    location,
    10,
  );
  const debtor = await debtorInCredit(api, `Chebet ${RUN}`, location, product.id);
  // another in credit, whose pay-out dialog is shot below
  const shown = await debtorInCredit(api, `Wekesa ${RUN}`, location, product.id);
  expect(await debtorBalance(api, debtor.id)).toBe(-100_000);
  const day = await businessToday(api);
  const cashOfDay = () => cashDebtorPaymentsOf(api, location, day);
  const cashBefore = await cashOfDay();

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const drawer = await openDebtor(page, debtor.name);
  await expect(drawer.getByText('In credit', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('1,000.00'));

  // the whole credit is offered; more is refused before anything is sent
  await drawer.getByRole('button', { name: 'Pay out credit' }).click();
  const dialog = payOutDialog(page, debtor.name);
  await expect(dialog.getByTestId('payout-explainer')).toContainText(`${debtor.name} has KES`);
  const amount = dialog.getByRole('textbox', { name: /Amount/ });
  await expect(amount).toHaveValue('1000.00');
  await amount.fill('1000.01');
  await dialog.getByRole('button', { name: 'Pay out', exact: true }).click();
  await expect(dialog.getByText(/The pay-out is more than .* has in credit/)).toBeVisible();
  expect(await debtorBalance(api, debtor.id)).toBe(-100_000);

  await amount.fill('1000');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Rice brought back');
  await dialog.getByRole('button', { name: 'Pay out', exact: true }).click();
  await expect(dialog).toBeHidden();
  // its receipt, to print (the first print opens the drawer): the cash handed out, not a payment
  const done = page.getByRole('dialog', { name: 'Credit paid out' });
  await expect(done.getByTestId('payout-done')).toContainText(
    new RegExp(`KES\\s?1,000\\.00 paid out to ${debtor.name} on receipt #\\d+`),
  );
  const receipt = done.getByTestId('receipt-preview').locator('img');
  await expect(receipt).toBeVisible();
  const svg = await (await page.request.get((await receipt.getAttribute('src'))!)).text();
  const printed = svg.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');
  expect(printed).toContain('Credit paid out');
  expect(printed).toContain('Amount paid out');
  expect(printed).not.toContain('Payment received');
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toBeHidden();

  // the balance is zero; the statement has the pay-out with its reason and the balance after it
  await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('0.00'));
  const table = drawer.getByTestId('statement-table');
  await expect(table.getByText('Credit paid out', { exact: true })).toBeVisible();
  await expect(table).toContainText('Rice brought back');
  const running = table.getByTestId('running-balance');
  await expect(running).toHaveCount(4);
  await expect(running.nth(3)).toHaveText(kes('0.00'));
  await expect(drawer.getByTestId('statement-closing')).toHaveText(kes('0.00'));
  await expect(drawer.getByRole('button', { name: 'Pay out credit' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Record payment' })).toBeDisabled();

  // the server agrees, and the day's cash is lower by what left the drawer
  expect(await debtorBalance(api, debtor.id)).toBe(0);
  expect(await cashOfDay()).toBe(cashBefore - 100_000);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`balance-${debtor.name}`)).toHaveText(kes('0.00'));

  // the day's page: the cash paid out on a line of its own, taken from the expected cash
  await page.goto('/daily-sales');
  await expect(page.getByTestId('daily-expected').getByText('Credit paid out')).toBeVisible();
  await expect(page.getByTestId('daily-payments')).toContainText(/Credit paid out: KES\s?[\d,]+\.\d\d/);

  // the statement and the dialog as people see them, in each scheme and size (looked at)
  await eachScreen(page, async (name) => {
    const paidOut = await openDebtor(page, debtor.name);
    await expect(paidOut.getByTestId('statement-table').getByText('Credit paid out')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `/tmp/shots-debtors/payout-statement-${name}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(paidOut).toBeHidden();
    const inCredit = await openDebtor(page, shown.name);
    await settled(page);
    await page.screenshot({ path: `/tmp/shots-debtors/payout-in-credit-${name}.png`, fullPage: true });
    await inCredit.getByRole('button', { name: 'Pay out credit' }).click();
    await expect(payOutDialog(page, shown.name).getByRole('textbox', { name: /Amount/ })).toHaveValue(
      '1000.00',
    );
    // the dialog as it is once it has faded in, with no serious finding of axe
    expect(await seriousAxeFindings(page, `payout dialog ${name}`)).toEqual([]);
    await page.screenshot({ path: `/tmp/shots-debtors/payout-dialog-${name}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(payOutDialog(page, shown.name)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(inCredit).toBeHidden();
  });
  await api.dispose();
});
