import { type APIRequestContext, expect, test } from '@playwright/test';
import { BASE_URL, STAFF_PASSWORD, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, seedSeller, stockedProduct } from './support/seed';
import { cartLine, draftKinds, scanIntoSearch, twoBrowsers } from './support/till';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-4).toUpperCase();

let api: APIRequestContext;
let main: string;
test.beforeAll(async () => {
  api = await adminApi();
  main = await mainLocation(api);
});
test.afterAll(() => api.dispose());

test('a cashier signs out on the other devices: the phone goes to the sign-in page, its cart comes to the PC', async ({
  browser,
}) => {
  const bread = await stockedProduct(
    api,
    { tax_rate: 0, name: `Chapati ${RUN}`, code: `SOC${RUN}`, price: 2000 },
    main,
    10,
  );
  const soap = await stockedProduct(
    api,
    { tax_rate: 0, name: `Omo ${RUN}`, code: `SOO${RUN}`, price: 9000 },
    main,
    10,
  );
  const cashier = await seedSeller(api, ['sell_cash'], main);
  const { pc, phone, close } = await twoBrowsers(browser, BASE_URL, (page) =>
    apiLoginInPage(page, cashier, STAFF_PASSWORD),
  );
  try {
    for (const page of [pc, phone]) {
      await page.goto('/cash-sale');
      await expect(page.getByTestId('till-cart-title')).toContainText('Main shop');
    }
    // the phone has a sale open, kept by the server
    await scanIntoSearch(phone, bread.code);
    await expect(cartLine(phone, bread.name)).toBeVisible();
    await expect.poll(() => draftKinds(phone)).toEqual(['cart']);

    // on the PC: Edit Profile › Sign out on other devices, confirmed
    await pc.getByRole('button', { name: /Account menu/ }).click();
    await pc.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const profile = pc.getByRole('dialog', { name: 'Edit Profile' });
    await profile.getByRole('button', { name: 'Sign out on other devices' }).click();
    const confirm = pc.getByRole('dialog', { name: 'Sign out on other devices?' });
    await expect(confirm).toContainText('This device stays signed in.');
    await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(pc.getByText('Signed out on 1 other device.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(profile).toBeVisible();

    // the phone's next step is refused: the sign-in page, saying the session expired
    await scanIntoSearch(phone, soap.code);
    await expect(phone).toHaveURL(/\/login$/);
    await expect(phone.getByText('Login session expired!')).toBeVisible();
    await expect(phone.getByText('Please login again.')).toBeVisible();

    // the PC is still signed in; pressed again, there is nobody left to sign out
    await profile.getByRole('button', { name: 'Sign out on other devices' }).click();
    await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(pc.getByText('No other device was signed in.')).toBeVisible();
    await pc.keyboard.press('Escape');

    // the phone's cart was not lost: it is the PC's cart now (the PC had none of its own)
    await pc.reload();
    await expect(cartLine(pc, bread.name)).toBeVisible();
    await expect(cartLine(pc, soap.name)).toBeHidden();
    expect(await draftKinds(pc)).toEqual(['cart']);
  } finally {
    await close();
  }
});

test('a cashier ends one session from the list of where they are signed in: that browser goes to the sign-in page', async ({
  browser,
}) => {
  const tea = await stockedProduct(
    api,
    { tax_rate: 0, name: `Chai ${RUN}`, code: `SOT${RUN}`, price: 1500 },
    main,
    10,
  );
  const cashier = await seedSeller(api, ['sell_cash'], main);
  const phoneDevice = `E2EPHONE${RUN}`;
  const phoneName = `Amina phone ${RUN}`;
  const { pc, phone, close } = await twoBrowsers(browser, BASE_URL, (page, which) =>
    apiLoginInPage(page, cashier, STAFF_PASSWORD, ...(which === 'phone' ? [phoneDevice] : [])),
  );
  try {
    // the admin named the phone's device (Users › Devices)
    const named = await api.patch(`/api/devices/${phoneDevice}`, { data: { name: phoneName } });
    expect(named.status(), await named.text()).toBe(200);
    for (const page of [pc, phone]) {
      await page.goto('/cash-sale');
      await expect(page.getByTestId('till-cart-title')).toContainText('Main shop');
    }

    // on the PC: Edit Profile › Where you are signed in: this device first, then the phone
    await pc.getByRole('button', { name: /Account menu/ }).click();
    await pc.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const profile = pc.getByRole('dialog', { name: 'Edit Profile' });
    const rows = profile.getByRole('list', { name: 'Where you are signed in' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('This device');
    await expect(rows.first()).toContainText('in use now');
    await expect(rows.first().getByRole('button')).toHaveCount(0);
    const phoneRow = rows.filter({ hasText: phoneName });
    await expect(phoneRow).not.toContainText('This device');
    await expect(phoneRow).toContainText('last seen');
    await phoneRow.getByRole('button', { name: new RegExp(`^Sign out ${phoneName}, last seen`) }).click();
    const ask = pc.getByRole('dialog', { name: `Sign out ${phoneName}?` });
    await expect(ask).toContainText('goes to the sign-in page at its next step');
    await ask.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      pc.getByText(`${phoneName} is signed out: it goes to the sign-in page at its next step.`),
    ).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(profile.getByText('You are not signed in anywhere else.')).toBeVisible();

    // the phone's next step is refused: the sign-in page, saying the session expired
    await scanIntoSearch(phone, tea.code);
    await expect(phone).toHaveURL(/\/login$/);
    await expect(phone.getByText('Login session expired!')).toBeVisible();

    // the PC is still signed in, and sees itself alone
    await pc.reload();
    await expect(pc.getByTestId('till-cart-title')).toContainText('Main shop');
    await pc.getByRole('button', { name: /Account menu/ }).click();
    await pc.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('This device');
  } finally {
    await close();
  }
});
