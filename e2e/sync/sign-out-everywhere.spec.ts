import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/sync-screens';
import { linkLocalToHosted, startHosted, startLocal, stopAll } from '../support/sync-stack.mjs';

// "Sign out on other devices" on the shop's PC reaches the hosted site (sync/entry-effects.ts):
// real processes, a phone signed in at the hosted address (two processes behind it) goes to the
// sign-in page once the shop's push has carried the entry; sessions themselves never travel.

test.afterEach(async () => {
  const info = test.info();
  await stopAll({ keep: info.status !== info.expectedStatus });
});

test("signing out on other devices from the shop's PC signs out the owner's phone on the hosted site", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const [hosted, local] = await Promise.all([startHosted({ processes: 2 }), startLocal()]);
  await linkLocalToHosted();
  const phoneContext = await browser.newContext();
  const pcContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await signInAdmin(phone, hosted.url);
    await phone.goto(`${hosted.url}/stock`);
    await expect(phone.getByRole('heading', { name: 'Manage Stock' })).toBeVisible();

    // on the shop's PC: Edit Profile › Sign out on other devices (on the PC itself, the test's own
    // session of the admin ends: the hosted site is watched from the phone from here on)
    const pc = await pcContext.newPage();
    await signInAdmin(pc, local.url);
    await pc.getByRole('button', { name: /Account menu/ }).click();
    await pc.getByRole('menuitem', { name: 'Edit Profile' }).click();
    const profile = pc.getByRole('dialog', { name: 'Edit Profile' });
    await profile.getByRole('button', { name: 'Sign out on other devices' }).click();
    const confirm = pc.getByRole('dialog', { name: 'Sign out on other devices?' });
    await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(pc.getByText('Signed out on 1 other device.')).toBeVisible();

    // the phone's next page on the hosted site is the sign-in page
    const shown = phone
      .getByRole('heading', { name: 'Sign in' })
      .or(phone.getByRole('heading', { name: 'Manage Stock' }));
    await expect
      .poll(
        async () => {
          await phone.goto(`${hosted.url}/stock`);
          return shown.first().textContent({ timeout: 15_000 });
        },
        // the shop's push job sends the entry within seconds of the write
        { timeout: 60_000 },
      )
      .toBe('Sign in');
    await expect(phone).toHaveURL(/\/login$/);
    // the PC stays signed in
    await pc.reload();
    await expect(pc).not.toHaveURL(/\/login/);
  } finally {
    await phoneContext.close();
    await pcContext.close();
  }
});
