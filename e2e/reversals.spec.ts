import { seriousAxeFindings } from './support/axe';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage } from './support/fixtures';
import {
  seedLocation,
  stockedProduct,
  seedProvider,
  seedDebtor,
  seedSale,
  seedReversal,
  levelOf,
  kes,
} from './support/seed';

/**
 * Reversing sales of each kind, in part, from the reverse screens; current sales with its totals
 * by kind and its drawer. Everything happens at a location of its own, so other journeys' sales
 * never change these figures.
 */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const SUGAR = { name: `Sugar 1 kg ${RUN}`, code: `RVSUG${RUN}`, price: 18_000 };
const RICE = { name: `Rice 2 kg ${RUN}`, code: `RVRICE${RUN}`, price: 35_000 };

let api: APIRequestContext;
let shop: { id: string; name: string };
let sugar: { id: string };
let rice: { id: string };
let provider: { id: string; name: string };
let debtor: { id: string; name: string };

test.beforeAll(async () => {
  api = await adminApi();
  shop = await seedLocation(api, `Reversal shop ${RUN}`);
  sugar = await stockedProduct(api, { tax_rate: 1600, ...SUGAR }, shop.id, 50);
  rice = await stockedProduct(api, { tax_rate: 1600, ...RICE }, shop.id, 50);
  provider = await seedProvider(api, `M-Pesa ${RUN}`);
  debtor = await seedDebtor(api, `Juma Otieno ${RUN}`, 1_000_000);
});
test.afterAll(async () => {
  await api.dispose();
});
test.beforeEach(async ({ page }) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
});

async function openSale(page: Page, path: string, receiptNo: string) {
  await page.goto(`${path}?receipt=${receiptNo}`);
  await expect(page.getByTestId('sale-summary')).toContainText(`Receipt #${receiptNo}`);
}

/** A debtor's sale is not refunded: its reversal comes off the balance, and its words say so. */
async function confirmReversal(
  page: Page,
  receiptNo: string,
  question: string,
  words = { button: 'Reverse and refund', saved: / refunded$/ },
) {
  await page.getByRole('button', { name: 'Reverse…' }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse receipt #${receiptNo}?` });
  await expect(dialog.getByTestId('confirm-question')).toHaveText(question);
  await dialog.getByRole('button', { name: words.button, exact: true }).click();
  await expect(page.getByTestId('reversal-done')).toContainText(/Reversal #\d+ saved/);
  await expect(page.getByText(/^Reversal #\d+ saved: /)).toContainText(words.saved);
  // The reversal's own receipt, drawn by the server, is on screen.
  await expect(page.getByRole('img', { name: /^Receipt #\d+$/ })).toBeVisible();
}

test('cash: reverse 1 of 3 of one line — refund shown, stock back, a new receipt', async ({ page }) => {
  const sale = await seedSale(api, {
    kind: 'cash',
    location_id: shop.id,
    lines: [
      { product_id: sugar.id, units: 3 },
      { product_id: rice.id, units: 1 },
    ],
  });
  const before = await levelOf(api, SUGAR.code, shop.id);
  await page.goto('/cash-reverse');
  await expect(page.getByRole('heading', { name: 'Reverse a sale › cash' })).toBeVisible();
  // Found by the number without its leading zeros, as people type it.
  await page.getByLabel('Receipt number').fill(String(Number(sale.receipt_no)));
  await page.getByRole('button', { name: 'Find sale' }).click();
  await expect(page.getByTestId('sale-summary')).toContainText(`Receipt #${sale.receipt_no}`);
  // Every line starts at 0: nothing is refunded until a quantity is typed or Reverse all is chosen.
  await expect(page.getByLabel(`Quantity of ${SUGAR.name} to reverse`)).toHaveValue('0');
  await expect(page.getByLabel(`Quantity of ${RICE.name} to reverse`)).toHaveValue('0');
  await expect(page.getByTestId('refund-total')).toHaveText(kes('0.00'));
  await page.getByLabel(/^Reason/).fill('One bag was torn');
  await page.getByRole('button', { name: 'Reverse…' }).click();
  await expect(page.getByText('Choose at least one line and a quantity to reverse.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Reverse all: every line at all that is left; Set all to 0 takes it back.
  await page.getByRole('button', { name: 'Reverse all' }).click();
  await expect(page.getByLabel(`Quantity of ${SUGAR.name} to reverse`)).toHaveValue('3');
  await expect(page.getByTestId('refund-total')).toHaveText(kes('890.00'));
  await page.getByRole('button', { name: 'Set all to 0' }).click();
  await expect(page.getByTestId('refund-total')).toHaveText(kes('0.00'));
  await page.getByLabel(/^Reason/).fill('');
  await page.getByLabel(`Quantity of ${SUGAR.name} to reverse`).fill('1');
  await expect(page.getByTestId('reverse-refund-1')).toHaveText(kes('180.00'));
  await expect(page.getByTestId('refund-total')).toHaveText(kes('180.00'));
  // A reason is required.
  await page.getByRole('button', { name: 'Reverse…' }).click();
  await expect(page.getByText('Say why the sale is reversed')).toBeVisible();
  await page.getByLabel(/^Reason/).fill('One bag was torn');
  await confirmReversal(page, sale.receipt_no, 'Reverse 1 line and refund KES 180.00 in cash?');
  await expect(page.getByTestId('done-total')).toHaveText(kes('180.00'));
  expect(await levelOf(api, SUGAR.code, shop.id)).toBe(before + 1000);
  // Ready for the next one.
  await page.getByRole('button', { name: 'Reverse another sale' }).click();
  await expect(page.getByLabel('Receipt number')).toHaveValue('');
  await expect(page.getByLabel('Receipt number')).toBeFocused();
});

test('debtor: the balance goes down by the refund', async ({ page }) => {
  const sale = await seedSale(api, {
    kind: 'debtor',
    location_id: shop.id,
    debtor_id: debtor.id,
    lines: [{ product_id: sugar.id, units: 2 }],
  });
  const balanceOf = async () =>
    ((await (await api.get(`/api/debtors/${debtor.id}`)).json()) as { balance: number }).balance;
  const balance = await balanceOf();
  await openSale(page, '/debtor-reverse', sale.receipt_no);
  await page.getByLabel(`Quantity of ${SUGAR.name} to reverse`).fill('1');
  const after = ((balance - 18_000) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  await expect(page.getByTestId('debtor-after')).toContainText(kes(after));
  await page.getByLabel(/^Reason/).fill('Wrong item');
  await expect(page.getByTestId('reverse-lines')).toContainText('Off the balance');
  await confirmReversal(
    page,
    sale.receipt_no,
    "Reverse 1 line and take KES 180.00 off the debtor's balance?",
    {
      button: 'Reverse and lower the balance',
      saved: /: KES\s?180\.00 taken off the balance$/,
    },
  );
  await expect(page.getByTestId('done-debtor')).toContainText(kes(after));
  expect(await balanceOf()).toBe(balance - 18_000);
});

test('transfer: the refund reference is required, then the refund is in the transfers', async ({ page }) => {
  const sale = await seedSale(api, {
    kind: 'transfer',
    location_id: shop.id,
    provider_id: provider.id,
    reference: `QX${RUN}`,
    lines: [{ product_id: rice.id, units: 2 }],
  });
  await openSale(page, '/transfer-reverse', sale.receipt_no);
  await page.getByLabel(`Quantity of ${RICE.name} to reverse`).fill('1');
  await page.getByLabel(/^Reason/).fill('Customer changed their mind');
  await page.getByRole('button', { name: 'Reverse…' }).click();
  await expect(page.getByText('Type the reference of the refund')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByLabel(/^Refund reference/).fill(`rf${RUN}`);
  await confirmReversal(page, sale.receipt_no, 'Reverse 1 line and record a transfer refund of KES 350.00?');
  await expect(page.getByTestId('done-transfer')).toContainText(`RF${RUN}`);
  const list = (await (await api.get('/api/transfers?source=reversal&limit=500')).json()) as {
    items: { reference: string; amount: number }[];
  };
  expect(list.items.find((x) => x.reference === `RF${RUN}`)?.amount).toBe(-35_000);
});

test('more than is left is refused next to the line, by the page and by the server', async ({ page }) => {
  const sale = await seedSale(api, {
    kind: 'cash',
    location_id: shop.id,
    lines: [{ product_id: sugar.id, units: 2 }],
  });
  // Another kind's screen says so and offers the right one.
  await page.goto(`/debtor-reverse?receipt=${sale.receipt_no}`);
  await expect(page.getByText('Another kind of sale')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Reverse a sale › cash' }).click();
  await expect(page).toHaveURL(new RegExp(`/cash-reverse\\?receipt=${sale.receipt_no}$`));

  const line = page.getByTestId('reverse-line-1');
  await line.getByLabel(`Quantity of ${SUGAR.name} to reverse`).fill('3');
  await expect(line).toContainText(`Only 2 of ${SUGAR.name} can still be reversed`);
  await page.getByLabel(/^Reason/).fill('Returned');
  await page.getByRole('button', { name: 'Reverse…' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Someone else reverses one meanwhile: the server refuses the 2 this page still offers.
  await line.getByLabel(`Quantity of ${SUGAR.name} to reverse`).fill('2');
  await expect(line.getByRole('alert')).toHaveCount(0);
  await seedReversal(api, sale.id, [{ line_no: 1, units: 1 }]);
  await page.getByRole('button', { name: 'Reverse…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reverse and refund' }).click();
  await expect(line).toContainText(`Only 1 of ${SUGAR.name} can still be reversed`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('reversal-done')).toHaveCount(0);
});

test('current sales: sales and reversals with totals by kind; a receipt reopens', async ({ page }) => {
  const here = await seedLocation(api, `Current shop ${RUN}`);
  const s = await stockedProduct(
    api,
    { ...SUGAR, name: `${SUGAR.name} C`, code: `${SUGAR.code}C` },
    here.id,
    20,
  );
  const r = await stockedProduct(
    api,
    { ...RICE, name: `${RICE.name} C`, code: `${RICE.code}C` },
    here.id,
    20,
  );
  const cash = await seedSale(api, {
    kind: 'cash',
    location_id: here.id,
    lines: [{ product_id: s.id, units: 2 }],
  });
  await seedSale(api, {
    kind: 'debtor',
    location_id: here.id,
    debtor_id: debtor.id,
    lines: [{ product_id: r.id, units: 1 }],
  });
  await seedSale(api, {
    kind: 'transfer',
    location_id: here.id,
    provider_id: provider.id,
    reference: `CS${RUN}`,
    lines: [{ product_id: s.id, units: 1 }],
  });
  const rev = await seedReversal(api, cash.id, [{ line_no: 1, units: 1 }]);

  await page.goto('/current-sales');
  await expect(page.getByRole('heading', { name: 'Make a sale › current sales' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: here.name, exact: true }).click();
  await expect(page.getByTestId('kpi-cash')).toContainText(kes('360.00'));
  await expect(page.getByTestId('kpi-cash')).toContainText('Reversals (1):');
  await expect(page.getByTestId('kpi-cash')).toContainText(/−KES\s?180\.00/);
  await expect(page.getByTestId('kpi-debtor')).toContainText(kes('350.00'));
  await expect(page.getByTestId('kpi-transfer')).toContainText(kes('180.00'));
  await expect(page.getByTestId('kpi-net')).toContainText(kes('710.00'));
  const rows = page.getByTestId('sales-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId(`sale-total-${rev.receipt_no}`)).toHaveText(/^−KES\s?180\.00$/);
  // Sorted by total, smallest first: the reversal.
  await page.getByRole('button', { name: 'Total' }).click();
  await expect(rows.first()).toHaveAttribute('data-testid', `sale-row-${rev.receipt_no}`);
  // Filter by kind.
  await page.getByRole('combobox', { name: 'Kind of sale' }).click();
  await page.getByRole('option', { name: 'Debtor', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Kind of sale' }).click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  await expect(rows).toHaveCount(2);

  // The cash sale's drawer: its receipt, and the way to reverse what is left.
  await page.getByTestId(`sale-row-${cash.receipt_no}`).click();
  const drawer = page.getByRole('dialog', { name: `Receipt #${cash.receipt_no}` });
  await expect(drawer.getByRole('img', { name: `Receipt #${cash.receipt_no}` })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Reverse this sale' })).toHaveAttribute(
    'href',
    `/cash-reverse?receipt=${cash.receipt_no}`,
  );
  await drawer.getByRole('button', { name: `#${rev.receipt_no}` }).click();
  const revDrawer = page.getByRole('dialog', { name: new RegExp(`^Reversal #${rev.receipt_no}`) });
  await expect(revDrawer.getByRole('img', { name: `Receipt #${rev.receipt_no}` })).toBeVisible();
  await expect(revDrawer.getByTestId('drawer-total')).toContainText('180.00');
  expect(await seriousAxeFindings(page, 'reversal drawer')).toEqual([]);
});

test('the current sales and reverse screens pass axe', async ({ page }) => {
  const sale = await seedSale(api, {
    kind: 'transfer',
    location_id: shop.id,
    provider_id: provider.id,
    reference: `AX${RUN}`,
    lines: [{ product_id: sugar.id, units: 1 }],
  });
  const debt = await seedSale(api, {
    kind: 'debtor',
    location_id: shop.id,
    debtor_id: debtor.id,
    lines: [{ product_id: sugar.id, units: 1 }],
  });
  for (const [path, heading, ready] of [
    ['/current-sales', 'Make a sale › current sales', 'sales-totals'],
    ['/cash-reverse', 'Reverse a sale › cash', null],
    [`/transfer-reverse?receipt=${sale.receipt_no}`, 'Reverse a sale › transfer', 'refund-total'],
    [`/debtor-reverse?receipt=${debt.receipt_no}`, 'Reverse a sale › debtor', 'refund-total'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    if (ready) await expect(page.getByTestId(ready)).toBeVisible();
    expect(await seriousAxeFindings(page, path)).toEqual([]);
  }
});
