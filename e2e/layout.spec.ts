import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { holdBack } from './support/held-back';

test.beforeAll(ensureSetup);

test.describe('layout (seed spec §2, §3, §4, §9)', () => {
  test.beforeEach(async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  });

  test('dark background is kept after reload (and after logout)', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Customize your view' }).click();
    const panel = page.getByRole('dialog', { name: 'Settings' });
    await expect(panel.getByRole('tab', { name: 'Customize your view' })).toBeVisible();
    // The drawer slides in: wait until the switch is on screen before using it.
    const dark = panel.getByLabel('Dark background');
    await expect(dark).toBeInViewport();
    await dark.check({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('the settings panel and the notifications drawer give the focus back when closed, by mouse or by keyboard', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // the settings panel's code loads at its first opening: it still slides in, and the focus comes back
    const settings = page.getByRole('button', { name: 'Customize your view' });
    await settings.click();
    const panel = page.getByRole('dialog', { name: 'Settings' });
    await expect(panel.getByRole('tab', { name: 'Customize your view' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('tab', { name: 'Customize your view' })).toBeInViewport();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(settings).toBeFocused();
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test('a 1000 px wide window gets the overlay menu', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    await expect(sidebar).not.toBeInViewport();
    // Closed, the overlay's menu is not made at all (issue 21), so nothing off the screen takes Tab.
    await expect(sidebar.locator('nav')).toHaveCount(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(sidebar).toBeInViewport();
    await expect(sidebar.locator('nav').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('menu-backdrop')).toBeVisible();
    // The main content did not move: the menu lies over it.
    const mainBox = await page.locator('main').boundingBox();
    expect(mainBox?.x).toBe(0);
    await page.getByTestId('menu-backdrop').click({ position: { x: 900, y: 400 } });
    await expect(sidebar).not.toBeInViewport();
    // Closed again, the menu is kept but hidden once it has slid out.
    await expect(sidebar.locator('nav')).toBeAttached();
    await expect(sidebar.locator('nav')).toBeHidden();
  });

  test('at 1440 px the side menu is docked; growing past 1200 px after 500 ms docks it again', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toHaveCount(0);
    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toBeVisible();
    await page.setViewportSize({ width: 1300, height: 800 });
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toHaveCount(0);
  });

  test('the collapsed sidebar expands on hover; menu position Top shows a top menu', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
    await page.mouse.move(700, 400);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(80);
    await sidebar.hover();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeGreaterThan(200);
    await page.mouse.move(900, 400);
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(80);

    await page.getByRole('button', { name: 'Customize your view' }).click();
    const panel = page.getByRole('dialog', { name: 'Settings' });
    await panel.getByText('Top', { exact: true }).click();
    await panel.getByLabel('Collapsed sidebar').uncheck({ force: true });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Make a sale' }),
    ).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  });

  test('search finds menu entries; Escape clears and closes it', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Search' }).click();
    const box = page.getByRole('combobox', { name: 'Search' });
    await box.fill('expen');
    await expect(page.getByRole('option', { name: 'Expenses' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('');
    await page.getByRole('combobox', { name: 'Search' }).fill('user acc');
    await page.getByRole('option', { name: 'User accounts' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });

  test("at the till, what is typed into the search while its code loads stays in it, not in the till's search", async ({
    page,
  }) => {
    // the search field's code held back until the typing is done
    const typed = await holdBack(page, /\/assets\/menu-search-field-[\w-]+\.js$/);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.keyboard.type('expen');
    typed();
    const box = page.getByRole('combobox', { name: 'Search', exact: true });
    await expect(box).toHaveValue('expen');
    await expect(box).toBeFocused();
    await expect(page.getByRole('option', { name: 'Expenses' })).toBeVisible();
    await expect(page.getByTestId('till-search')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
  });

  test('the user menu opened by the keyboard while its code loads gives the focus back to its button on Escape', async ({
    page,
  }) => {
    // the menu's code held back until Enter has been pressed
    const pressed = await holdBack(page, /\/assets\/user-menu-dropdown-[\w-]+\.js$/);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account menu for/ }).focus();
    await page.keyboard.press('Enter');
    pressed();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeFocused();
  });

  test('navbar: logo links to /, notifications and fullscreen toggles, footer with the year (not at the till)', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await page.goto('/cash-sale');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: /full screen/i })).toBeVisible();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the header's buttons name themselves under the mouse; their tooltips are not mounted before (issue 21)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard');
    const settings = page.getByRole('button', { name: 'Customize your view' });
    await expect(settings).toBeVisible();
    // nothing of a tooltip in the page until a mouse comes over a button
    await expect(page.locator('.mantine-Tooltip-tooltip')).toHaveCount(0);
    await settings.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Customize your view');
    const full = page.getByRole('button', { name: 'Full screen' });
    await full.hover();
    await expect(page.getByRole('tooltip', { name: 'Full screen' })).toBeVisible();
    await expect(page.getByRole('tooltip', { name: 'Customize your view' })).toHaveCount(0);
    // the mouse gone, no tooltip
    await page.mouse.move(700, 600);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('toasts appear top-center', async ({ page }) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByText('Business profile saved');
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.y).toBeLessThan(150);
    expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(250);
  });
});
