import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import {
  newId,
  mainLocation,
  businessToday,
  stockedProduct,
  seedProvider,
  seedDebtor,
  seedCategory,
  seedSale,
} from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of debtors, transfers, expenses and the profile's selling section in light and
 * dark, 1440 and 390 wide, written to /tmp/shots-money for people to look at. Each one first
 * checks the screen is really there.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-money';
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
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      if (prepare) await prepare();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${DIR}/${name}-${scheme}-${size.name}.png`, fullPage });
    }
  }
}

test('debtors, transfers, expenses and selling settings, light and dark, wide and narrow', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  // Something to show, made through the API.
  const api = await adminApi();
  const location = await mainLocation(api);
  const product = await stockedProduct(
    api,
    { name: `Unga 2 kg ${RUN}`, code: `UN${RUN}`, price: 21000 },
    location,
    40,
  );
  const mpesa = await seedProvider(api, `M-Pesa ${RUN}`);
  const names = [`Grace Atieno ${RUN}`, `Peter Kariuki ${RUN}`, `Halima Yusuf ${RUN}`];
  const debtors = [];
  for (const [i, name] of names.entries())
    debtors.push(await seedDebtor(api, name, [500000, 300000, 100000][i]!));
  for (const [i, d] of debtors.entries())
    await seedSale(api, {
      kind: 'debtor',
      location_id: location,
      debtor_id: d.id,
      lines: [{ product_id: product.id, units: [6, 3, 2][i]! }],
    });
  const pay = await api.post(`/api/debtors/${debtors[0]!.id}/payments`, {
    data: { id: newId(), amount: 40000, method: 'cash', location_id: location },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  // Halima goes over her limit.
  await api.patch(`/api/debtors/${debtors[2]!.id}`, { data: { credit_limit: 30000 } });
  for (const [i, ref] of [`QK${RUN}1`, `QK${RUN}2`, `QK${RUN}3`].entries())
    await seedSale(api, {
      kind: 'transfer',
      location_id: location,
      provider_id: mpesa.id,
      reference: ref,
      lines: [{ product_id: product.id, units: i + 1 }],
    });
  const cats = [
    await seedCategory(api, `Rent ${RUN}`),
    await seedCategory(api, `Transport ${RUN}`),
    await seedCategory(api, `Power ${RUN}`),
  ];
  const today = await businessToday(api);
  for (const [i, amount] of [1500000, 45000, 320000].entries()) {
    const res = await api.post('/api/expenses', {
      data: {
        id: newId(),
        date: today,
        category_id: cats[i]!.id,
        amount,
        method: i === 0 ? 'transfer' : 'cash',
        location_id: location,
        ...(i === 0 ? { provider_id: mpesa.id, reference: `RENT${RUN}` } : {}),
        note: i === 1 ? 'Boda to the wholesaler' : '',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await api.dispose();

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await shoot(page, 'debtors', '/debtors', 'Debtors', async () => {
    await page.getByLabel('Search by name, phone or ID number').fill(RUN);
    await expect(page.getByText(names[0]!).first()).toBeVisible();
  });
  await shoot(
    page,
    'debtor-drawer',
    '/debtors',
    'Debtors',
    async () => {
      await page.getByLabel('Search by name, phone or ID number').fill(names[0]!);
      await page.getByText(names[0]!).first().click();
      await expect(page.getByTestId('statement-table')).toBeVisible();
    },
    false,
  );
  await shoot(page, 'transfers', '/transfers', 'Transfers', async () => {
    await expect(page.getByTestId(/^transfer-(row|card)-QK/).first()).toBeVisible();
  });
  await shoot(page, 'expenses', '/expenses', 'Expenses', async () => {
    await expect(page.getByTestId('category-chart')).toContainText(`Rent`);
  });
  await shoot(
    page,
    'expense-form',
    '/expenses',
    'Expenses',
    async () => {
      await page.getByRole('button', { name: 'Add expense' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add expense' })).toBeVisible();
      // the day field's calendar, open above the drawer
      await page.getByRole('dialog', { name: 'Add expense' }).getByRole('textbox', { name: 'Date' }).click();
      await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
    },
    false,
  );
  await shoot(
    page,
    'expense-form-wrong-day',
    '/expenses',
    'Expenses',
    async () => {
      await page.getByRole('button', { name: 'Add expense' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add expense' });
      // a text that is no day, left in the field to be corrected, with its message
      const date = form.getByRole('textbox', { name: 'Date' });
      await date.fill('31/04/2026');
      await date.blur();
      await expect(form.getByText('Not a day: type it as DD/MM/YYYY.')).toBeVisible();
    },
    false,
  );
  await shoot(
    page,
    'profile-selling',
    '/profile',
    'Business profile',
    async () => {
      await page.getByLabel('Largest discount staff may give').fill('7.5');
      await page
        .getByRole('heading', { name: 'Selling' })
        .evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
      await page.mouse.wheel(0, -80);
    },
    false,
  );
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/transfers');
  await page.getByRole('tab', { name: 'Providers' }).click();
  await expect(page.getByTestId('providers')).toBeVisible();
  await page.screenshot({ path: `${DIR}/providers-light-wide.png`, fullPage: true });
  // German, the longest labels: the lists still fit.
  await page.context().addCookies([
    {
      name: 'duka_prefs',
      value: encodeURIComponent(JSON.stringify({ layout: { variant: 'Light' }, language: 'de' })),
      url: 'http://127.0.0.1:3199',
    },
  ]);
  for (const [path, heading, name] of [
    ['/expenses', 'Ausgaben', 'expenses-de'],
    ['/transfers', 'Überweisungen', 'transfers-de'],
    ['/debtors', 'Schuldner', 'debtors-de'],
  ] as const) {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${DIR}/${name}-${size.name}.png`, fullPage: true });
    }
  }
  await setScheme(page, 'light');
  await page.setViewportSize({ width: 1440, height: 900 });
  // A payment's receipt, as shown after saving it.
  await page.goto('/debtors');
  await page.getByLabel('Search by name, phone or ID number').fill(names[1]!);
  await page.getByText(names[1]!).first().click();
  await page.getByRole('button', { name: 'Record payment' }).click();
  const payDialog = page.getByRole('dialog', { name: `Payment from ${names[1]!}` });
  await payDialog.getByLabel(/^Amount/).fill('100');
  await payDialog.getByRole('button', { name: 'Save payment' }).click();
  await expect(page.getByTestId('receipt-preview').locator('img')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/payment-receipt-light-wide.png` });
});
