import { expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, apiLoginInPage, ensureSetup } from './support/fixtures';
import { SIZES } from './support/screens';

/**
 * The business profile after the currency is changed to one without minor digits (UGX), in
 * German, light and dark, wide and narrow, written to /tmp/shots-profile-currency: the credit
 * limit is re-shown for UGX ("0", not a refused "0.00"). Nothing is saved.
 */
test.beforeAll(ensureSetup);

test('profile after a currency change, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(120_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  for (const variant of ['Light', 'Dark'] as const) {
    await page.context().addCookies([
      {
        name: 'duka_prefs',
        value: encodeURIComponent(JSON.stringify({ layout: { variant }, language: 'de' })),
        url: BASE_URL,
      },
    ]);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/profile');
      const currency = page.getByRole('combobox', { name: 'Währung' });
      await expect(currency).toBeVisible();
      await currency.click();
      await page.getByRole('option', { name: /UGX/ }).click();
      const limit = page.getByRole('textbox', { name: 'Kreditlimit für neue Schuldner' });
      await expect(limit).toHaveValue('0');
      await limit.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/shots-profile-currency/${variant.toLowerCase()}-${size.name}.png`,
      });
    }
  }
});
