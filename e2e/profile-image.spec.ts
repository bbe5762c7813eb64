import { seriousAxeFindings } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { STAFF_PASSWORD, adminApi, apiLoginInPage, createUser, ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

/** A real 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR42mM4oaGhscCGQcPmxIcTGgAgogUpL7aSUwAAAABJRU5ErkJggg==',
  'base64',
);

async function openImageDialog(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Edit Profile and the profile image (seed spec §2, §4, §5, §8)', () => {
  test.beforeEach(async ({ page }) => {
    const api = await adminApi();
    const username = await createUser(api, { flags: ['sell_cash'], name: 'Otieno Cashier' });
    await apiLoginInPage(page, username, STAFF_PASSWORD);
    await page.goto('/cash-sale');
  });

  test('the dialog shows image, name and shop name, and passes axe', async ({ page }) => {
    const dialog = await openImageDialog(page);
    await expect(dialog.getByTestId('profile-name')).toHaveText('Otieno Cashier');
    await expect(dialog.getByTestId('profile-shop')).toHaveText('Mama Mboga Supermarket Ltd');
    await expect(dialog.getByRole('button', { name: 'Change image' })).toBeVisible();
    expect(await seriousAxeFindings(page, 'profile')).toEqual([]);
  });

  test('a 1,000,001-byte image is refused in the page, with no Save', async ({ page }) => {
    await (await openImageDialog(page)).getByRole('button', { name: 'Change image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile image' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1_000_001) });
    await expect(dialog.getByRole('alert')).toContainText('at most 1,000,000 bytes');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });

  test('a text file named .png is refused by the server', async ({ page }) => {
    await (await openImageDialog(page)).getByRole('button', { name: 'Change image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile image' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not an image'),
    });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^Could not upload the image /)).toBeVisible();
    const ut = await page.evaluate(
      () => JSON.parse(localStorage.getItem('ut') ?? 'null') as { img: string } | null,
    );
    expect(ut?.img ?? 'profile.png').toBe('profile.png');
  });

  test('a valid image shows in the navbar after Save, then Delete brings back the default', async ({
    page,
  }) => {
    await page.evaluate(() =>
      localStorage.setItem(
        'ut',
        JSON.stringify({ uid: 'x', nm: 'Otieno Cashier', img: 'profile.png', role: 'staff' }),
      ),
    );
    await (await openImageDialog(page)).getByRole('button', { name: 'Change image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile image' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Image updated!')).toBeVisible();
    // Back in Edit Profile, which shows the new image; close it to see the navbar.
    const profile = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(profile.locator('img')).toHaveAttribute('src', /^\/api\/files\/.+/);
    await page.keyboard.press('Escape');
    await expect(profile).toHaveCount(0);

    const navAvatar = page.getByRole('button', { name: /Account menu/ }).locator('img');
    await expect(navAvatar).toHaveAttribute('src', /^\/api\/files\/.+/);
    await expect
      .poll(() => navAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(2);
    const img = await page.evaluate(() => (JSON.parse(localStorage.getItem('ut')!) as { img: string }).img);
    expect(img).not.toBe('profile.png');

    // Now the dialog shows the image with Delete.
    await (await openImageDialog(page)).getByRole('button', { name: 'Change image' }).click();
    await page.getByRole('dialog', { name: 'Profile image' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image deleted!')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Account menu/ }).locator('img')).toHaveCount(0);
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('ut')!) as { img: string }).img)).toBe(
      'profile.png',
    );
  });

  test('every user can change their own password', async ({ page }) => {
    const dialog = await openImageDialog(page);
    await dialog.getByLabel(/^Current password/).fill(STAFF_PASSWORD);
    await dialog.getByLabel(/^New password/).fill('a-new-pass-456');
    await dialog.getByLabel(/^Repeat the password/).fill('a-new-pass-456');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();
  });
});
