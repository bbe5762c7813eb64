import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, STAFF_PASSWORD, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import {
  mainLocation,
  newId,
  seedDebtor,
  seedReversal,
  seedSale,
  seedSeller,
  stockedProduct,
} from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of a debtor in credit (the statement's balances), the debtors' totals with an
 * inactive debtor who owes, and a till's parked list holding a cart open on another till: light
 * and dark, 1440 and 390 wide, in /tmp/shots-credit (`DUKA_SHOTS=1`).
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-credit';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

async function each(page: Page, name: string, show: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await show();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${DIR}/${name}-${scheme}-${size.name}.png` });
    }
  }
}

test('a debtor in credit, the totals with an inactive debtor, a cart open on another till', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const location = await mainLocation(api);
  const unga = await stockedProduct(
    api,
    { name: `Unga ${RUN}`, code: `CU${RUN}`, price: 18000 },
    location,
    40,
  );
  const inCredit = await seedDebtor(api, `Amina Credit ${RUN}`, 500000);
  const sale = await seedSale(api, {
    kind: 'debtor',
    location_id: location,
    debtor_id: inCredit.id,
    lines: [{ product_id: unga.id, units: 1 }],
  });
  const pay = await api.post(`/api/debtors/${inCredit.id}/payments`, {
    data: { id: newId(), amount: 18000, method: 'cash', location_id: location },
  });
  expect(pay.status(), await pay.text()).toBe(201);
  await seedReversal(api, sale.id, [{ line_no: sale.lines[0]!.line_no, units: 1 }]);
  const gone = await seedDebtor(api, `Baraka Inactive ${RUN}`, 500000);
  await seedSale(api, {
    kind: 'debtor',
    location_id: location,
    debtor_id: gone.id,
    lines: [{ product_id: unga.id, units: 2 }],
  });
  expect((await api.patch(`/api/debtors/${gone.id}`, { data: { active: false } })).status()).toBe(200);
  const cashier = await seedSeller(api, ['sell_cash'], location);
  await api.dispose();

  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await each(page, 'debtors-totals', async () => {
    await page.goto('/debtors');
    await page.getByLabel('Search by name, phone or ID number').fill(RUN);
    await expect(page.getByText(inCredit.name).first()).toBeVisible();
    await expect(page.getByText(/All debtors owe/)).toBeVisible();
  });
  await each(page, 'statement-in-credit', async () => {
    await page.goto('/debtors');
    await page.getByLabel('Search by name, phone or ID number').fill(inCredit.name);
    await page.getByText(inCredit.name).first().click();
    await expect(page.getByText(/In credit/).first()).toBeVisible();
  });

  // the cashier's cart on another till (a second browser), then this till's parked list
  const other = await browser.newContext({ baseURL: BASE_URL });
  try {
    const phone = await other.newPage();
    await apiLoginInPage(phone, cashier, STAFF_PASSWORD);
    await phone.goto('/cash-sale');
    await phone.getByTestId('till-search').fill(unga.code);
    await phone.getByTestId('till-search').press('Enter');
    await expect(phone.getByRole('group', { name: unga.name })).toBeVisible();
    await apiLoginInPage(page, cashier, STAFF_PASSWORD);
    await expect
      .poll(async () => ((await (await page.request.get('/api/work-drafts')).json()) as unknown[]).length)
      .toBe(1);
    await each(page, 'till-parked-elsewhere', async () => {
      await page.goto('/cash-sale');
      await page.getByTestId('till-parked').click();
      await expect(page.getByText('Open on another till')).toBeVisible();
    });
  } finally {
    await other.close();
  }
});
