/**
 * One cart completed on two tills, in Chromium, the same cashier signed in on two browsers: a
 * parked sale resumed on both, and a cart taken over from another till while the first still
 * shows it. The second till is told that the sale went through on the other, as which receipt,
 * and that nothing was recorded here. The browser QA saw it show "Sale complete" with the other
 * till's receipt as its own, for goods that could be paid for twice.
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { adminSpec } from './support/admin-spec';
import { STAFF_PASSWORD, createUser, ensureSetup, uiLogin } from './support/fixtures';
import { levelOf, stockedProduct } from './support/seed';
import { scannerTypes } from './support/scanner';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const spec = adminSpec();
const ELSEWHERE = /This sale was completed on another till as receipt #\d+\. Nothing was recorded here/;

/** A till in a browser of its own (its own device, made at the sign-in page), `cashier` signed in. */
async function till(browser: Browser, cashier: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await uiLogin(page, cashier, STAFF_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/cash-sale');
  await expect(page.getByTestId('till-search')).toBeFocused();
  return page;
}

/** Pay · Complete sale for the exact amount; answers the receipt number shown. */
async function payExact(page: Page): Promise<string> {
  await page.keyboard.press('F9');
  const pay = page.getByRole('dialog', { name: /Pay · Cash sale/ });
  await pay.getByRole('button', { name: /Complete sale/ }).click();
  const receipt = page.getByRole('dialog', { name: /Sale complete · Receipt #/ });
  await expect(receipt).toBeVisible();
  return /Receipt #(\d+)/.exec(
    (await receipt.getAttribute('aria-label')) ?? (await receipt.innerText()),
  )![1]!;
}

async function resume(page: Page, name: string) {
  await page.getByTestId('till-parked').click();
  await page.getByRole('button', { name: `Resume ${name}` }).click();
}

test('a parked sale resumed and completed on another till: this till says so when it resumes it', async ({
  browser,
}) => {
  const { api, main } = spec;
  const barcode = `6165${RUN}0017`;
  const tea = await stockedProduct(
    api,
    { name: `Tea ${RUN}`, code: `TTEA${RUN}`, barcode, price: 2500 },
    main,
    20,
  );
  const cashier = await createUser(api, { flags: ['sell_cash'], location_ids: [main] });
  const a = await till(browser, cashier);
  await scannerTypes(a, barcode);
  await expect(a.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('1');
  await a.keyboard.press('F8');
  const park = a.getByRole('dialog', { name: 'Park this sale' });
  await park.getByRole('textbox').fill('Mama Njeri');
  await park.getByRole('button', { name: /Park/ }).click();
  await expect(a.getByLabel(`Quantity of ${tea.name}`)).toHaveCount(0);

  const b = await till(browser, cashier);
  await resume(b, 'Mama Njeri');
  const no = await payExact(b);

  // A's list still shows it (it has not heard): resuming it is told at once, before anyone pays
  await resume(a, 'Mama Njeri');
  await expect(a.getByRole('dialog', { name: `Completed on another till · Receipt #${no}` })).toBeVisible();
  const notice = a.getByTestId('receipt-notice');
  await expect(notice).toHaveText(ELSEWHERE);
  await expect(notice).toContainText(`#${no}`);
  await expect(a.getByLabel(`Quantity of ${tea.name}`)).toHaveCount(0);
  expect(await levelOf(api, tea.code, main)).toBe(19_000); // sold once
  await a.context().close();
  await b.context().close();
});

test('a cart taken over and completed on another till: completing it here is told so, not recorded again', async ({
  browser,
}) => {
  const { api, main } = spec;
  const barcode = `6165${RUN}0024`;
  const soap = await stockedProduct(
    api,
    { name: `Soap ${RUN}`, code: `TSOP${RUN}`, barcode, price: 4000 },
    main,
    20,
  );
  const cashier = await createUser(api, { flags: ['sell_cash'], location_ids: [main] });
  const a = await till(browser, cashier);
  await scannerTypes(a, barcode);
  await expect(a.getByLabel(`Quantity of ${soap.name}`)).toHaveValue('1');

  // B takes A's cart over ("Open on another till") once A has saved it, and completes it
  const b = await till(browser, cashier);
  await expect(async () => {
    await b.reload();
    await b.getByTestId('till-parked').click();
    await expect(b.getByRole('button', { name: 'Resume Open on another till' })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await b.getByRole('button', { name: 'Resume Open on another till' }).click();
  const no = await payExact(b);

  // A still shows the cart: completing it is refused with the other till's receipt named
  await a.keyboard.press('F9');
  await a
    .getByRole('dialog', { name: /Pay · Cash sale/ })
    .getByRole('button', { name: /Complete sale/ })
    .click();
  await expect(a.getByRole('dialog', { name: `Completed on another till · Receipt #${no}` })).toBeVisible();
  const notice = a.getByTestId('receipt-notice');
  await expect(notice).toHaveText(ELSEWHERE);
  await expect(notice).toContainText(`#${no}`);
  expect(await levelOf(api, soap.code, main)).toBe(19_000);
  await a.context().close();
  await b.context().close();
});
