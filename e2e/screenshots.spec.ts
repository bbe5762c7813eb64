import { expect, test, type Page } from '@playwright/test';
import { ADMIN, STAFF_PASSWORD, adminApi, apiLoginInPage, createUser, ensureSetup } from './support/fixtures';
import { setScheme } from './support/screens';

/**
 * Screenshots of every screen in light and dark, wide (1440) and narrow (1000 and 390), written to
 * /tmp/shots for people to look at. Each one first checks the screen is really there.
 */
test.beforeAll(ensureSetup);

const SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'mid', width: 1000, height: 800 },
  { name: 'narrow', width: 390, height: 844 },
];
const SCHEMES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const scheme of SCHEMES) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.reload();
      await ready();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await page.waitForTimeout(250);
      await page.screenshot({ path: `/tmp/shots/${name}-${scheme}-${size.name}.png`, fullPage: true });
    }
  }
}

test('screens, signed out', async ({ page }) => {
  await page.goto('/login');
  await shoot(page, 'login', () => expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible());
  // the sign-in card's frame, painted before the app's code (held back here) has run
  const appCode = /\/assets\/index-[^/]+\.js$/;
  await page.route(appCode, (r) => r.abort());
  await shoot(page, 'login-frame', () =>
    expect(
      page.locator('#duka-start[data-frame="login"]').getByText('Welcome back. Sign in to open your shop.'),
    ).toBeVisible(),
  );
  await page.unroute(appCode);
  await page.goto('/pages/error');
  await shoot(page, 'error', () =>
    expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible(),
  );
});

test.describe('a screen whose code did not arrive', () => {
  // the service worker would serve the chunk from its cache, out of reach of page.route
  test.use({ serviceWorkers: 'block' });
  test('its page', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await shoot(page, 'screen-failed', () =>
      expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible(),
    );
  });
});

test('screens, admin', async ({ page }) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/dashboard');
  await shoot(page, 'dashboard', () =>
    expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible(),
  );
  await page.goto('/users');
  await shoot(page, 'users', () => expect(page.getByRole('tab', { name: 'Users' })).toBeVisible());
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.screenshot({ path: '/tmp/shots/devices-dark-narrow.png', fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('dialog', { name: 'Add user' })).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots/user-form-dark-wide.png' });
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await shoot(page, 'business-profile', async () => {
    await expect(page.getByLabel(/^Business name/)).toBeVisible();
    // the sync section's code loads when it is first shown
    await expect(page.getByRole('heading', { name: 'Sync with the hosted site' })).toBeVisible();
  });
});

test('dialogs and panels', async ({ page }) => {
  const api = await adminApi();
  const username = await createUser(api, {
    flags: ['sell_cash', 'sell_debtors', 'manage_stock'],
    name: 'Grace Achieng',
  });
  await apiLoginInPage(page, username, STAFF_PASSWORD);
  await page.goto('/cash-sale');
  for (const scheme of SCHEMES) {
    await setScheme(page, scheme);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Make a sale › cash' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/staff-cash-sale-${scheme}-wide.png` });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/edit-profile-${scheme}-wide.png` });
    await page.getByRole('button', { name: 'Change image' }).click();
    await expect(page.getByRole('dialog', { name: 'Profile image' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/image-dialog-${scheme}-wide.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Customize your view' }).click();
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/settings-${scheme}-wide.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(700);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(page.getByTestId('sidebar')).toBeInViewport();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/overlay-menu-${scheme}-narrow.png` });
  }
});
