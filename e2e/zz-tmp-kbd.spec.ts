import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
test.beforeAll(ensureSetup);
test('keyboard opens the user menu', async ({ page }) => {
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/dashboard');
  const btn = page.getByRole('button', { name: /Account menu for/ });
  await page.waitForTimeout(1500);
  await btn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  console.log('active:', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120)));
  await page.keyboard.press('ArrowDown');
  console.log('active2:', await page.evaluate(() => document.activeElement?.textContent));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  console.log('active3:', await page.evaluate(() => document.activeElement?.getAttribute('aria-label')));
});
