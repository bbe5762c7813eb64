import { seriousAxeFindings } from './support/axe';
import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';

test.beforeAll(ensureSetup);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR42mM4oaGhscCGQcPmxIcTGgAgogUpL7aSUwAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('business profile (/profile, admin)', () => {
  test.beforeEach(async ({ page }) => {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
    await expect(page.getByLabel(/^Business name/)).toBeVisible();
  });

  test('passes axe', async ({ page }) => {
    expect(await seriousAxeFindings(page, '/business-profile')).toEqual([]);
  });

  test('every field saves and stays after reload; money follows currency and language', async ({ page }) => {
    await page.getByLabel(/^Address/).fill('Moi Avenue 12, Nairobi');
    await page.getByLabel(/^Phone/).fill('+254711000111');
    await page.getByLabel(/^Email/).fill('shop@example.com');
    await page.getByLabel(/^Tax number/).fill('P051234567X');
    await page.getByLabel(/^Receipt header/).fill('Karibu!');
    await page.getByLabel(/^Receipt footer/).fill('Asante, come again');
    await page.getByLabel(/^M-Pesa paybill/).fill('522522');
    await page.getByLabel(/^Bank$/).fill('Equity');
    await page.getByLabel('Work both online and offline').check({ force: true });
    await page.getByLabel('Allow selling more than is in stock').check({ force: true });
    await expect(page.getByTestId('money-sample')).toContainText('KES 1,250.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business profile saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/^Address/)).toHaveValue('Moi Avenue 12, Nairobi');
    await expect(page.getByLabel(/^M-Pesa paybill/)).toHaveValue('522522');
    await expect(page.getByLabel('Work both online and offline')).toBeChecked();
    await expect(page.getByLabel('Allow selling more than is in stock')).toBeChecked();
    // back to the defaults other specs rely on
    await page.getByLabel('Work both online and offline').uncheck({ force: true });
    await page.getByLabel('Allow selling more than is in stock').uncheck({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Business profile saved')).toBeVisible();
  });

  test('money is formatted for the language', async ({ page }) => {
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Deutsch' });
    await expect(page.getByTestId('money-sample')).toContainText('1.250,00 KES');
    await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption({ label: 'English' });
  });

  test('logo upload shows the logo in the sidebar, and it can be removed', async ({ page }) => {
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo updated')).toBeVisible();
    // The profile shows the images kept against the cap (MAX_IMAGE_STORAGE_MB, 200 by default).
    await expect(page.getByTestId('image-storage')).toContainText(
      /MB of 200\.0 MB used by (1 image|[2-9]\d* images|1\d+ images)/,
    );
    await expect(page.getByTestId('sidebar').locator('img').first()).toHaveAttribute(
      'src',
      /^\/api\/files\//,
    );
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await expect(page.getByText('Logo removed')).toBeVisible();
    await expect(page.getByTestId('sidebar').locator('img').first()).toHaveAttribute(
      'src',
      '/assets/duka-logo.svg',
    );
  });
});
