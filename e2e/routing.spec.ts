import { expect, test } from '@playwright/test';
import { ADMIN, STAFF_PASSWORD, adminApi, apiLoginInPage, createUser, ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

test.describe('routing rules (seed spec §2, spec-decisions.md)', () => {
  test('the root path redirects to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('/pages/login leads to /login', async ({ page }) => {
    await page.goto('/pages/login');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path redirects to pages/error, which has a way back', async ({ page }) => {
    await page.goto('/login');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/pages\/error$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/pages/error');
    await page.getByRole('link', { name: 'Go to start' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out user on an app route goes to /login', async ({ page }) => {
    for (const path of ['/dashboard', '/users', '/cash-sale', '/debtors']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a signed-in user on a route their flags do not allow goes to pages/error', async ({ page }) => {
    const api = await adminApi();
    const username = await createUser(api, { flags: ['sell_cash'] });
    await apiLoginInPage(page, username, STAFF_PASSWORD);
    await page.goto('/cash-sale');
    await expect(page.getByRole('heading', { name: 'Make a sale › cash' })).toBeVisible();
    for (const path of ['/users', '/profile', '/stock', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/pages\/error$/);
    }
    await page.goto('/debtors');
    await expect(page.getByRole('heading', { name: 'Debtors' })).toBeVisible();
  });

  test('/period-report is an alias of /period-sales; placeholder routes exist', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/period-report');
    await expect(page).toHaveURL(/\/period-sales$/);
    await expect(page.getByRole('heading', { name: 'Reports › Sales report' })).toBeVisible();
    await page.goto('/daily-sales');
    await expect(page.getByRole('heading', { name: 'Daily sales' })).toBeVisible();
    await page.goto('/page');
    await expect(page.getByRole('heading', { name: 'Page' })).toBeVisible();
    await page.goto('/stock');
    await expect(page.getByRole('heading', { name: 'Manage Stock' })).toBeVisible();
  });

  test('the page scrolls to top on each navigation', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 900);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Debtors' }).click();
    await expect(page.getByRole('heading', { name: 'Debtors' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

// The service worker would serve the screen's chunk from its cache, out of reach of page.route.
test.describe('a screen whose code does not arrive (no service worker)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code does not arrive says so, and its reload opens the screen', async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    let blocked = true;
    await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, (route) =>
      blocked ? route.abort('connectionrefused') : route.continue(),
    );
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});
