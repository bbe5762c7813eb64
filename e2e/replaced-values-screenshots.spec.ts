import { expect, test } from '@playwright/test';
import {
  openBusinessHistory,
  openDebtorHistory,
  openLocationHistory,
  seedListReplacedValues,
  seedReplacedValues,
  seedSettingsReplacedValues,
} from './support/field-history';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { setScheme } from './support/screens';

/**
 * A debtor's "Replaced values" tab (ADR 11 §11.1) in light and dark, on a shop PC and a phone,
 * written to /tmp/shots-replaced; and a user's section under their edit form on a phone; and a
 * location's rename dialog and the business profile's card, light and dark, wide and narrow; a
 * payment provider's and an expense category's edit dialog.
 */
test.beforeAll(ensureSetup);

const SIZES = [
  { name: 'wide', width: 1366, height: 768 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

test('replaced values of a debtor and a user, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(150_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const { debtor, user } = await seedReplacedValues(page);
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const list = await openDebtorHistory(page, debtor.id);
      await expect(list).toContainText('was replaced by');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-replaced/debtor-${scheme}-${size.name}.png` });
    }
  }
  await page.goto('/users');
  await page.getByRole('button', { name: `Actions for ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit user' }).click();
  const section = page
    .getByRole('dialog', { name: 'Edit user' })
    .getByRole('region', { name: 'Replaced values' });
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText('Password (hidden)');
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/shots-replaced/user-dark-narrow.png' });
});

test('replaced values of a location and the business, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(150_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const { location } = await seedSettingsReplacedValues(page);
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const section = await openLocationHistory(page, location.name);
      await expect(section).toContainText('was replaced by');
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-replaced/location-${scheme}-${size.name}.png` });
      await openBusinessHistory(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-replaced/business-${scheme}-${size.name}.png` });
    }
  }
});

test("replaced values in a payment provider's and an expense category's dialog", async ({ page }) => {
  test.setTimeout(90_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const { provider, category } = await seedListReplacedValues(page);
  const shots = [
    {
      url: '/transfers',
      tab: 'Providers',
      name: provider.name,
      file: 'provider-dark-narrow',
      scheme: 'dark',
      size: SIZES[1],
    },
    {
      url: '/expenses',
      tab: 'Categories',
      name: category.name,
      file: 'category-light-wide',
      scheme: 'light',
      size: SIZES[0],
    },
  ] as const;
  for (const s of shots) {
    await setScheme(page, s.scheme);
    await page.setViewportSize({ width: s.size.width, height: s.size.height });
    await page.goto(s.url);
    await page.getByRole('tab', { name: s.tab }).click();
    await page.getByRole('button', { name: `Rename ${s.name}` }).click();
    const section = page.getByRole('dialog').getByRole('region', { name: 'Replaced values' });
    await expect(section).toContainText('was replaced by');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-replaced/${s.file}.png` });
  }
});
