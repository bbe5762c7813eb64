import { seriousAxeFindings } from './support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN, SHOP_NAME } from './support/fixtures';

/** Runs first on the fresh server: the setup screen creates the business and signs the admin in. */
test('first run: setup creates the business and its admin, who lands on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole('heading', { name: 'Set up Duka' })).toBeVisible();

  expect(await seriousAxeFindings(page, '/setup')).toEqual([]);

  await page.getByLabel(/^Business name/).fill(SHOP_NAME);
  await page.getByLabel(/^Name$/).fill(ADMIN.name);
  await page.getByLabel(/^Username/).fill(ADMIN.username);
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page.getByText('At least 8 characters.').first()).toBeVisible();

  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByLabel(/^Repeat the password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create business' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The sidebar shows the shop name cut to 13 characters.
  await expect(page.getByTestId('sidebar').getByText('Mama Mboga Su', { exact: true })).toBeVisible();

  // Setup happens once.
  await page.goto('/setup');
  await expect(page).not.toHaveURL(/\/setup$/);
});
