import { expect, test } from '@playwright/test';
import { ADMIN, BASE_URL, apiLoginInPage, ensureSetup } from './support/fixtures';
import { SIZES } from './support/screens';

/**
 * The business profile's tax name and first day of the week, filled in (GST, Sunday), light and
 * dark, wide and narrow, written to /tmp/shots-profile-region (`DUKA_SHOTS=1`). Nothing is saved.
 */
test.beforeAll(ensureSetup);

test('profile: tax name and week start, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(120_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  for (const variant of ['Light', 'Dark'] as const) {
    await page.context().addCookies([
      {
        name: 'duka_prefs',
        value: encodeURIComponent(JSON.stringify({ layout: { variant }, language: 'en' })),
        url: BASE_URL,
      },
    ]);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/profile');
      const taxName = page.getByRole('textbox', { name: 'Tax name' });
      await expect(taxName).toBeVisible();
      await taxName.fill('GST');
      const week = page.getByRole('combobox', { name: 'Week starts on' });
      await week.click();
      await page.getByRole('option', { name: 'Sunday' }).click();
      await expect(week).toHaveValue('Sunday');
      await taxName.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/shots-profile-region/${variant.toLowerCase()}-${size.name}.png`,
      });
    }
  }
});
