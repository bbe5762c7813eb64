import { readFileSync } from 'node:fs';
import { seriousAxeFindings } from './support/axe';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  STAFF_PASSWORD,
  adminApi,
  apiLoginInPage,
  createUser,
  ensureSetup,
  setBusiness,
} from './support/fixtures';
import { mainLocation, stockedProduct, seedProvider, seedDebtor, seedSale, newId, kes } from './support/seed';
import { openDebtor } from './support/debtors';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

test.describe('debtors (/debtors)', () => {
  test('a credit sale, a cash and a transfer payment, the statement with running balance and its PDF', async ({
    page,
  }) => {
    const api = await adminApi();
    const location = await mainLocation(api);
    const product = await stockedProduct(
      api,
      { name: `Maize ${RUN}`, code: `MZ${RUN}`, price: 50000 },
      location,
      10,
    );
    const provider = await seedProvider(api, `M-Pesa ${RUN}`);
    const debtor = await seedDebtor(api, `Wanjiru ${RUN}`, 1_000_000);
    const sale = await seedSale(api, {
      kind: 'debtor',
      location_id: location,
      debtor_id: debtor.id,
      lines: [{ product_id: product.id, units: 3 }],
    });
    expect(sale.total).toBe(150000);
    await api.dispose();

    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/debtors');
    await page.getByLabel('Search by name, phone or ID number').fill(debtor.name);
    await expect(page.getByTestId(`balance-${debtor.name}`)).toHaveText(kes('1,500.00'));
    await expect(page.getByTestId('debtors-totals')).toContainText('Debtors: 1');
    await expect(page.getByTestId('debtors-total-owed')).toHaveText(kes('1,500.00'));

    const drawer = await openDebtor(page, debtor.name);
    await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('1,500.00'));
    await expect(drawer.getByTestId('debtor-available')).toHaveText(kes('8,500.00'));

    // More than owed is refused next to the amount.
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    let pay = page.getByRole('dialog', { name: `Payment from ${debtor.name}` });
    await pay.getByLabel(/^Amount/).fill('2000');
    await pay.getByRole('button', { name: 'Save payment' }).click();
    await expect(pay.getByText(/The payment is more than .* owes/)).toBeVisible();

    // A cash payment of 500: its receipt is shown, the balance goes down.
    await pay.getByLabel(/^Amount/).fill('500');
    await pay.getByRole('button', { name: 'Save payment' }).click();
    const done = page.getByRole('dialog', { name: 'Payment saved' });
    await expect(done.getByTestId('payment-done')).toContainText('New balance: KES');
    await expect(done.getByTestId('receipt-preview').locator('img')).toBeVisible();
    await expect(page.getByText(/Payment of KES\s?500\.00 saved/)).toBeVisible();
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('1,000.00'));

    // A transfer payment of 300 with provider and reference.
    await drawer.getByRole('button', { name: 'Record payment' }).click();
    pay = page.getByRole('dialog', { name: `Payment from ${debtor.name}` });
    await pay.getByLabel(/^Amount/).fill('300');
    await pay
      .locator('label')
      .filter({ hasText: /^Transfer$/ })
      .click();
    await pay.getByRole('combobox', { name: /^Provider/ }).click();
    await page.getByRole('option', { name: provider.name }).click();
    await pay.getByLabel(/^Reference/).fill(`qpay${RUN}`);
    await pay.getByRole('button', { name: 'Save payment' }).click();
    await expect(page.getByRole('dialog', { name: 'Payment saved' })).toContainText(kes('700.00'));
    await page.getByRole('dialog', { name: 'Payment saved' }).getByRole('button', { name: 'Done' }).click();
    await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('700.00'));

    // The statement: the sale, then both payments, with the running balance.
    const table = drawer.getByTestId('statement-table');
    await expect(table.getByTestId(`statement-${sale.receipt_no}`)).toContainText(kes('1,500.00'));
    const running = table.getByTestId('running-balance');
    await expect(running).toHaveCount(3);
    await expect(running.nth(0)).toHaveText(kes('1,500.00'));
    await expect(running.nth(1)).toHaveText(kes('1,000.00'));
    await expect(running.nth(2)).toHaveText(kes('700.00'));
    // a sale's and a payment's badges are as wide as each other, so the receipt numbers line up
    const badgeWidths = await table
      .locator('.mantine-Badge-root')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(badgeWidths).toHaveLength(3);
    expect(new Set(badgeWidths).size, JSON.stringify(badgeWidths)).toBe(1);
    await expect(drawer.getByTestId('statement-opening')).toHaveText(kes('0.00'));
    await expect(drawer.getByTestId('statement-closing')).toHaveText(kes('700.00'));
    // This month covers today too.
    await drawer
      .locator('label')
      .filter({ hasText: /^This month$/ })
      .click();
    await expect(drawer.getByTestId('statement-closing')).toHaveText(kes('700.00'));

    // The PDF downloads and is a PDF.
    const download = page.waitForEvent('download');
    await drawer.getByRole('link', { name: 'Download PDF' }).click();
    const file = await (await download).path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const href = await drawer.getByRole('link', { name: 'Open PDF' }).getAttribute('href');
    const res = await page.request.get(href!);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // The list agrees.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`balance-${debtor.name}`)).toHaveText(kes('700.00'));
  });

  test('the admin sets selling settings; staff add a debtor with the default limit, read-only', async ({
    page,
    browser,
  }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Selling' })).toBeVisible();
    await page.getByLabel('Largest discount staff may give').fill('12.555');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/at most two decimals, e.g. 10/)).toBeVisible();
    await page.getByLabel('Largest discount staff may give').fill('12.5');
    await expect(page.getByTestId('discount-sample')).toContainText(kes('156.25'));
    await page.getByLabel('Credit limit for new debtors').fill('2500');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Largest discount staff may give')).toHaveValue('12.5');
    await expect(page.getByLabel('Credit limit for new debtors')).toHaveValue('2500.00');
    const stored = (await (await page.request.get('/api/business/profile')).json()) as Record<string, number>;
    expect(stored.max_discount_bp).toBe(1250);
    expect(stored.default_credit_limit).toBe(250000);

    // Staff: no limit field when adding, the business default is given.
    const api = await adminApi();
    const staff = await createUser(api, { name: `Kamau ${RUN}` });
    const ctx = await browser.newContext();
    const staffPage = await ctx.newPage();
    await apiLoginInPage(staffPage, staff, STAFF_PASSWORD, 'E2EDEBTORSTAFF');
    await staffPage.goto('/debtors');
    await staffPage.getByRole('button', { name: 'Add debtor' }).first().click();
    const add = staffPage.getByRole('dialog', { name: 'Add debtor' });
    await expect(add.getByLabel('Credit limit')).toHaveCount(0);
    await expect(add.getByTestId('limit-readonly')).toContainText(kes('2,500.00'));
    await add.getByLabel(/^Name/).fill(`Otieno ${RUN}`);
    await add.getByLabel('Phone').fill('12');
    await add.getByRole('button', { name: 'Create debtor' }).click();
    await expect(add.getByText(/Enter a phone number of 7 to 20 digits/)).toBeVisible();
    await add.getByLabel('Phone').fill('+254 711 222333');
    await add.getByRole('button', { name: 'Create debtor' }).click();
    await expect(staffPage.getByText(`Debtor Otieno ${RUN} added`)).toBeVisible();
    const drawer = staffPage.getByRole('dialog', { name: `Otieno ${RUN}` });
    await expect(drawer.getByTestId('debtor-limit')).toHaveText(kes('2,500.00'));
    await drawer.getByRole('tab', { name: 'Details' }).click();
    await expect(drawer.getByTestId('limit-readonly')).toContainText('only an admin can change it');
    await expect(drawer.getByLabel('May buy on credit')).toHaveCount(0);
    await ctx.close();

    // Back to the defaults other journeys rely on.
    await setBusiness(api, { max_discount_bp: 0, default_credit_limit: 0 });
    await api.dispose();
  });

  test('the admin edits a limit and an over-limit debtor is flagged with a label', async ({ page }) => {
    const api = await adminApi();
    const location = await mainLocation(api);
    const product = await stockedProduct(
      api,
      { name: `Rice ${RUN}`, code: `RC${RUN}`, price: 30000 },
      location,
      5,
    );
    const debtor = await seedDebtor(api, `Achieng ${RUN}`, 100000);
    await seedSale(api, {
      kind: 'debtor',
      location_id: location,
      debtor_id: debtor.id,
      lines: [{ product_id: product.id, units: 3 }],
    });
    await api.dispose();
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    const drawer = await openDebtor(page, debtor.name);
    await drawer.getByRole('tab', { name: 'Details' }).click();
    await drawer.getByLabel('Credit limit').fill('500');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Debtor ${debtor.name} saved`)).toBeVisible();
    await expect(drawer.getByText(/Over the limit by KES\s?400\.00/)).toBeVisible();
    await page.keyboard.press('Escape');
    // The drawer slides out; a click while its overlay is still there lands on the overlay.
    await expect(drawer).toBeHidden();
    await page.getByLabel('Over their limit').check({ force: true });
    await expect(page.getByTestId(`over-limit-${debtor.name}`)).toHaveText('Over limit');
  });

  test('sorting by a column orders the whole list, not just the page shown', async ({ page }) => {
    const api = await adminApi();
    const prefix = `Sorted ${RUN}`;
    for (const [name, limit] of [
      [`${prefix} B`, 300_000],
      [`${prefix} A`, 100_000],
      [`${prefix} C`, 200_000],
    ] as const)
      await seedDebtor(api, name, limit);
    await api.dispose();
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/debtors');
    await page.getByLabel('Search by name, phone or ID number').fill(prefix);
    const order = () =>
      page
        .getByTestId('debtors-table')
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')?.slice(-1)));
    await expect.poll(order).toEqual(['A', 'B', 'C']);
    const limit = page.getByRole('columnheader', { name: 'Credit limit' });
    // The order comes from the server (so it holds across pages), asked for with the list.
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/debtors?') && r.url().includes('sort=credit_limit'),
    );
    await limit.click();
    expect((await asked).url()).toContain('dir=asc');
    await expect(limit).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(order).toEqual(['A', 'C', 'B']);
    await limit.click();
    await expect(limit).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(order).toEqual(['B', 'C', 'A']);
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect.poll(order).toEqual(['A', 'B', 'C']);
  });

  test('a debtor whose paid sale was reversed shows as in credit, not as owing', async ({ page }) => {
    const api = await adminApi();
    const location = await mainLocation(api);
    const product = await stockedProduct(
      api,
      { name: `Flour ${RUN}`, code: `FL${RUN}`, price: 20_000 },
      location,
      5,
    );
    const debtor = await seedDebtor(api, `Credit Chebet ${RUN}`, 100_000);
    const sale = await seedSale(api, {
      kind: 'debtor',
      location_id: location,
      debtor_id: debtor.id,
      lines: [{ product_id: product.id, units: 1 }],
    });
    const pay = await api.post(`/api/debtors/${debtor.id}/payments`, {
      data: { id: newId(), amount: sale.total, method: 'cash', location_id: location },
    });
    expect(pay.status(), await pay.text()).toBe(201);
    await api.dispose();

    // The goods come back: the reverse screen says the money becomes a credit.
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto(`/debtor-reverse?receipt=${sale.receipt_no}`);
    await expect(page.getByTestId('sale-summary')).toContainText(`Receipt #${sale.receipt_no}`);
    await page.getByRole('button', { name: 'Reverse all' }).click();
    await expect(page.getByTestId('debtor-after')).toContainText(
      /after this reversal they are in credit KES\s?200\.00, which their next credit sale uses/,
    );
    await page.getByLabel(/^Reason/).fill('Returned unopened');
    await page.getByRole('button', { name: 'Reverse…' }).click();
    await page
      .getByRole('dialog', { name: `Reverse receipt #${sale.receipt_no}?` })
      .getByRole('button', { name: 'Reverse and lower the balance' })
      .click();
    await expect(page.getByTestId('done-debtor')).toHaveText(
      /^Credit Chebet \w+ is now in credit KES\s?200\.00: their next credit sale uses it\.$/,
    );

    await page.goto('/debtors');
    await page.getByLabel('Search by name, phone or ID number').fill(debtor.name);
    await expect(page.getByTestId(`in-credit-${debtor.name}`)).toHaveText(/In credit KES\s?200\.00/);
    await expect(page.getByTestId('debtors-total-owed')).toHaveText(kes('0.00'));
    const drawer = await openDebtor(page, debtor.name);
    await expect(drawer.getByText('In credit', { exact: true })).toBeVisible();
    await expect(drawer.getByTestId('debtor-balance')).toHaveText(kes('200.00'));
    await expect(drawer.getByTestId('debtor-nothing-owed')).toContainText('next credit sale uses it up');
    // nothing to pay while in credit: the admin may pay the credit out instead (debtor-payout.spec.ts)
    await expect(drawer.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Pay out credit' })).toBeEnabled();
    // The open debtor is in the address: a reload (or a shared link) opens the same drawer.
    await expect(page).toHaveURL(new RegExp(`[?&]debtor=${debtor.id}`));
    await page.reload();
    await expect(page.getByRole('dialog', { name: debtor.name })).toBeVisible();
    await expect(page.getByTestId('debtor-balance')).toHaveText(kes('200.00'));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: debtor.name })).toHaveCount(0);
    await expect(page).not.toHaveURL(/debtor=/);
    // A link to a debtor that does not exist lands on the list.
    await page.goto(`/debtors?debtor=${newId()}`);
    await expect(page.getByRole('heading', { name: 'Debtors' })).toBeVisible();
    await expect(page).not.toHaveURL(/debtor=/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('passes axe, list and drawer, and shows cards on a phone', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/debtors');
    await expect(page.getByTestId('debtors-table')).toBeVisible();
    const serious = (where: string) => seriousAxeFindings(page, where);
    expect(await serious('/debtors')).toEqual([]);
    await page.getByTestId('debtors-table').locator('tbody tr').first().click();
    await expect(page.getByTestId('statement-table')).toBeVisible();
    expect(await serious('drawer')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/debtors');
    await expect(page.getByTestId('debtors-cards')).toBeVisible();
  });
});
