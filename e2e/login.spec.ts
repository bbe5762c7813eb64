import { seriousAxeFindings } from './support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN, STAFF_PASSWORD, adminApi, createUser, ensureSetup, uiLogin } from './support/fixtures';

test.beforeAll(ensureSetup);

test.describe('sign-in and sign-out (seed spec §2, §3, §4)', () => {
  test('the login page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await seriousAxeFindings(page, '/login')).toEqual([]);
  });

  test('the sign-in page loads only what it shows: no device store, printing, charts, form library or toasts (issue 21)', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    // Once the last read below is done, a script still answering is not wanted: its body may be
    // read after the page closed or the test ended, and that error must not fail the test.
    let reading = true;
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        scripts.push(
          r.text().catch((e: unknown) => {
            if (!reading || (e instanceof Error && e.message.includes('has been closed'))) return '';
            throw e;
          }),
        );
    });
    const loaded = async () => (await Promise.all(scripts)).join('\n');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A string each library's built code keeps (its error class, its name, an option, a display name).
    const marks = {
      // the device store's database name (its IndexedDB code, idb, comes with it)
      'the device store': 'bizonline',
      'qz-tray': 'QZ Tray',
      recharts: 'recharts',
      '@mantine/form': 'clearInputErrorOnChange',
      'the toasts': '@mantine/notifications/Notifications',
    };
    const atSignIn = await loaded();
    expect(scripts.length).toBeGreaterThan(0);
    expect(Object.entries(marks).filter(([, mark]) => atSignIn.includes(mark))).toEqual([]);

    // Signed in, the device store and the toasts ("Logged in") arrive: the marks are live.
    await uiLogin(page, ADMIN.username, ADMIN.password);
    await expect(page.getByText('Logged in', { exact: true })).toBeVisible();
    const signedIn = await loaded();
    reading = false;
    expect(signedIn).toContain(marks['the device store']);
    expect(signedIn).toContain(marks['the toasts']);
  });

  test('admin lands on /dashboard with toast "Logged in" and the four local-storage entries', async ({
    page,
  }) => {
    await uiLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Logged in', { exact: true })).toBeVisible();
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.keys(storage).sort()).toEqual(['shop_details', 'stock_taking', 'user_roles', 'ut']);
    const ut = JSON.parse(storage.ut) as Record<string, string>;
    expect(ut).toMatchObject({ nm: ADMIN.name, img: 'profile.png', role: 'admin' });
    expect(ut).not.toHaveProperty('access_token');
    expect(JSON.parse(storage.shop_details)).toMatchObject({ name: 'Mama Mboga Supermarket Ltd' });
    expect(Object.keys(JSON.parse(storage.user_roles))).toHaveLength(14);
    // The session itself is an HttpOnly cookie the page cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain('duka_session');
  });

  test('an admin of any case lands on /dashboard; staff land on /cash-sale', async ({ page, context }) => {
    const api = await adminApi();
    const boss = await createUser(api, { role: 'ADMIN', name: 'Second Admin' });
    const cashier = await createUser(api, { flags: ['sell_cash'] });
    await uiLogin(page, boss, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await uiLogin(page, cashier, STAFF_PASSWORD);
    await expect(page).toHaveURL(/\/cash-sale$/);
    await expect(page.getByRole('heading', { name: 'Make a sale › cash' })).toBeVisible();
  });

  test('wrong credentials are refused with a clear message', async ({ page }) => {
    await uiLogin(page, ADMIN.username, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('do not match');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout empties local storage and goes to /login', async ({ page }) => {
    await uiLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(4);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired session says "Login session expired!" and signs out', async ({ page, context }) => {
    await uiLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard has loaded: the next request the app makes is the one the click causes.
    await expect(page.getByTestId('dash-debtors')).toBeVisible();
    await context.clearCookies();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'User accounts' })
      .click();
    await expect(page.getByText('Login session expired!')).toBeVisible();
    await expect(page.getByText('Please login again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
