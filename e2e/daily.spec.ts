import { seriousAxeFindings } from './support/axe';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage } from './support/fixtures';
import {
  businessToday,
  newId,
  seedLocation,
  stockedProduct,
  seedDebtor,
  seedSale,
  seedReversal,
  kes,
} from './support/seed';

/**
 * Daily sales at a location of its own: the figures by kind, the expected cash (cash sales − cash
 * refunds + cash debtor payments − cash expenses), and closing the day once with a shortfall.
 */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();

async function noSeriousAxe(page: Page, what: string) {
  expect(await seriousAxeFindings(page, what)).toEqual([]);
}

test('closing the day with cash missing: the difference is shown negative, saved once, with its receipt', async ({
  page,
}) => {
  const api = await adminApi();
  const today = await businessToday(api);
  const shop = await seedLocation(api, `Daily shop ${RUN}`);
  const sugar = await stockedProduct(
    api,
    { name: `Sugar ${RUN}`, code: `DSUG${RUN}`, price: 18_000 },
    shop.id,
    20,
  );
  const rice = await stockedProduct(
    api,
    { name: `Rice ${RUN}`, code: `DRICE${RUN}`, price: 35_000 },
    shop.id,
    20,
  );
  const debtor = await seedDebtor(api, `Wanjiru ${RUN}`, 1_000_000);
  const cash = await seedSale(api, {
    kind: 'cash',
    location_id: shop.id,
    lines: [{ product_id: sugar.id, units: 3 }],
  });
  await seedSale(api, {
    kind: 'debtor',
    location_id: shop.id,
    debtor_id: debtor.id,
    lines: [{ product_id: rice.id, units: 1 }],
  });
  await seedReversal(api, cash.id, [{ line_no: 1, units: 1 }]);
  const pay = await api.post(`/api/debtors/${debtor.id}/payments`, {
    data: { id: newId(), amount: 10_000, method: 'cash', location_id: shop.id },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  const category = await api.post('/api/expense-categories', { data: { name: `Transport ${RUN}` } });
  expect(category.status(), await category.text()).toBe(201);
  const expense = await api.post('/api/expenses', {
    data: {
      id: newId(),
      date: today,
      category_id: ((await category.json()) as { id: string }).id,
      amount: 5_000,
      method: 'cash',
      location_id: shop.id,
    },
  });
  expect(expense.status(), await expense.text()).toBe(201);

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  // The way in: "Close the day" on current sales, for the location chosen there.
  await page.goto('/current-sales');
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: shop.name, exact: true }).click();
  await expect(page.getByTestId('kpi-cash')).toContainText(kes('540.00'));
  await page.getByRole('link', { name: 'Close the day' }).click();
  await expect(page).toHaveURL(/\/daily-sales\?/);
  await expect(page.getByRole('heading', { name: 'Daily sales' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(shop.name);

  // 540 cash − 180 refunded + 100 debtor paid in cash − 50 expenses = 410 expected.
  await expect(page.getByTestId('daily-cash')).toContainText(kes('540.00'));
  await expect(page.getByTestId('daily-debtor')).toContainText(kes('350.00'));
  await expect(page.getByTestId('daily-reversals')).toContainText(/−KES\s?180\.00/);
  await expect(page.getByTestId('daily-payments')).toContainText(kes('100.00'));
  await expect(page.getByTestId('daily-expenses')).toContainText(/−KES\s?50\.00/);
  await expect(page.getByTestId('expected-cash')).toHaveText(kes('410.00'));
  const row = page.getByTestId(`cashier-${ADMIN.name}`);
  await expect(row).toContainText(kes('410.00'));
  await noSeriousAxe(page, 'daily before closing');

  // Counted 400: 10 short, shown with its sign and in words.
  const counted = page.getByLabel(/^Cash counted/);
  await counted.fill('abc');
  await page.getByRole('button', { name: 'Close the day…' }).click();
  await expect(page.getByText('Type the amount counted, e.g. 1250.50')).toBeVisible();
  await counted.fill('400');
  await expect(page.getByTestId('difference')).toHaveText(/^−KES\s?10\.00 \(short\)$/);
  await page.getByLabel('Note').fill('Change given twice');
  await page.getByRole('button', { name: 'Close the day…' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Close ${shop.name} for `) });
  await expect(dialog).toContainText('Counted KES 400.00 against KES 410.00 expected.');
  await expect(dialog).toContainText('cannot be changed');
  await dialog.getByRole('button', { name: 'Close the day' }).click();
  await expect(page.getByText(/^Day closed: receipt #\d+$/)).toBeVisible();

  const closed = page.getByTestId('day-closed');
  await expect(closed).toContainText('This day is closed');
  await expect(closed).toContainText(`Closed by ${ADMIN.name}`);
  await expect(page.getByTestId('closed-counted')).toHaveText(kes('400.00'));
  await expect(closed.getByTestId('difference')).toHaveText(/^−KES\s?10\.00 \(short\)$/);
  await expect(closed.getByRole('img', { name: /^Receipt #\d+$/ })).toBeVisible();
  // No second close: not offered on the page, refused by the server.
  await expect(page.getByRole('button', { name: 'Close the day…' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('day-closed')).toBeVisible();
  await expect(page.getByLabel(/^Cash counted/)).toHaveCount(0);
  const again = await api.post('/api/daily-sales/close', {
    data: { id: newId(), location_id: shop.id, day: today, counted_cash: 41_000, note: '' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe('day_closed');
  const summary = (await (await api.get(`/api/daily-sales?location_id=${shop.id}&day=${today}`)).json()) as {
    close: { difference: number; counted_cash: number };
  };
  expect(summary.close).toMatchObject({ difference: -1_000, counted_cash: 40_000 });
  await expect(page.getByTestId('changed-since-close')).toHaveCount(0);
  await noSeriousAxe(page, 'daily after closing');

  // A sale after the close is still taken, and the closed day says the drawer changed since.
  await seedSale(api, { kind: 'cash', location_id: shop.id, lines: [{ product_id: sugar.id, units: 1 }] });
  await page.reload();
  const changed = page.getByTestId('changed-since-close');
  await expect(changed).toContainText('Changed since the close');
  await expect(changed).toContainText(/KES\s?590\.00 now, against KES\s?410\.00 at the close/);
  await expect(changed).toContainText(/\+KES\s?180\.00/);
  await expect(page.getByTestId('closed-counted')).toHaveText(kes('400.00'));

  // The owner's notifications name the day changed after its close, and open its page.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const entry = panel.getByRole('link', { name: new RegExp(`at ${shop.name} changed after it was closed`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/daily-sales\\?day=${today}&location_id=${shop.id}$`));
  await expect(page.getByTestId('changed-since-close')).toContainText(/\+KES\s?180\.00/);
  await api.dispose();
});

test('a location deactivated at the end of its day: its figures are still read, listed as inactive', async ({
  page,
}) => {
  const api = await adminApi();
  const shop = await seedLocation(api, `Closed branch ${RUN}`);
  const tea = await stockedProduct(
    api,
    { name: `Tea ${RUN}`, code: `DTEA${RUN}`, price: 25_000 },
    shop.id,
    1,
  );
  // its only packet sold: no stock held, so it may be deactivated
  await seedSale(api, { kind: 'cash', location_id: shop.id, lines: [{ product_id: tea.id, units: 1 }] });
  const off = await api.patch(`/api/locations/${shop.id}`, { data: { active: false } });
  expect(off.status(), await off.text()).toBe(200);

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/daily-sales');
  await page.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: `${shop.name} (inactive)`, exact: true }).click();
  await expect(page.getByTestId('daily-cash')).toContainText(kes('250.00'));
  await expect(page.getByTestId('expected-cash')).toHaveText(kes('250.00'));
  await expect(page.getByRole('button', { name: 'Close the day…' })).toBeVisible();
  await api.dispose();
});
