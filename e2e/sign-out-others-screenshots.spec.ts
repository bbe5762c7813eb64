import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { BASE_URL, STAFF_PASSWORD, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, seedSeller } from './support/seed';
import { SIZES, setScheme } from './support/screens';

/**
 * Screenshots of Edit Profile with where the user is signed in, the question before one of them is
 * signed out, "Sign out on other devices", its confirmation and the notice after it: light and dark, 1440 and 390 wide, in
 * /tmp/shots-sign-out-others (`DUKA_SHOTS=1`).
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-sign-out-others';

async function each(page: Page, name: string, show: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await show();
      await page.waitForTimeout(400);
      if (process.env.DUKA_SHOTS)
        await page.screenshot({ path: `${DIR}/${name}-${scheme}-${size.name}.png` });
    }
  }
}

async function openProfile(page: Page) {
  await page.goto('/cash-sale');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Edit Profile' });
  const button = profile.getByRole('button', { name: 'Sign out on other devices' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeVisible();
  return button;
}

test('Edit Profile with "Sign out on other devices", the confirmation and the notice', async ({ page }) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const cashier = await seedSeller(api, ['sell_cash'], await mainLocation(api));
  await apiLoginInPage(page, cashier, STAFF_PASSWORD);
  // signed in on a named phone and on another browser too, for the list of where
  const phone = `E2ESHOTPHONE${Date.now().toString(36).toUpperCase()}`;
  for (const device of [phone, undefined]) {
    const other = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    await apiLoginInPage(await other.newPage(), cashier, STAFF_PASSWORD, device);
    await other.close();
  }
  expect((await api.patch(`/api/devices/${phone}`, { data: { name: 'Amina phone' } })).status()).toBe(200);
  await api.dispose();

  await each(page, 'profile', async () => {
    await openProfile(page);
  });
  await each(page, 'sessions', async () => {
    await openProfile(page);
    const list = page.getByRole('list', { name: 'Where you are signed in' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await list.scrollIntoViewIfNeeded();
  });
  await each(page, 'confirm-one', async () => {
    await openProfile(page);
    const list = page.getByRole('list', { name: 'Where you are signed in' });
    await list.getByRole('button', { name: /^Sign out Amina phone/ }).click();
    await expect(page.getByRole('dialog', { name: 'Sign out Amina phone?' })).toBeVisible();
  });
  await each(page, 'confirm', async () => {
    await (await openProfile(page)).click();
    await expect(page.getByRole('dialog', { name: 'Sign out on other devices?' })).toBeVisible();
  });
  await each(page, 'done', async () => {
    // another session of the cashier each time, so the notice has one to count
    const other = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    await apiLoginInPage(await other.newPage(), cashier, STAFF_PASSWORD);
    await other.close();
    await (await openProfile(page)).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out on other devices?' });
    await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
    // the first time the list's sessions too
    await expect(page.getByText(/^Signed out on [13] other devices?\.$/)).toBeVisible();
  });
});
