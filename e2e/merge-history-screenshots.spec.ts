import { expect, test } from '@playwright/test';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { setScheme } from './support/screens';

/**
 * The product drawer's "Replaced values" tab (ADR 11 §11.1) in light and dark, on a shop PC and a
 * phone, written to /tmp/shots-merge. A merge needs two servers, so the history the server would
 * answer is given to the page; the drawer and its words are the real ones.
 */
test.beforeAll(ensureSetup);

const SIZES = [
  { name: 'wide', width: 1366, height: 768 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

test('replaced values of a product, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(120_000);
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  const code = `MRG${Date.now().toString(36).slice(-4)}`;
  const made = await page.request.post('/api/products', {
    data: { name: 'Sugar 1 kg', code, price: 17_500, tax_rate: 1600 },
  });
  expect(made.status()).toBe(201);
  await page.route('**/api/history/product/*', (route) =>
    route.fulfill({
      json: {
        items: [
          {
            id: 'h1',
            field: 'price',
            reason: 'concurrent',
            value: { price: 18_000, tax_rate: 1600 },
            set: { at: '2026-11-25T07:02:00.000Z', here: false, server: 'Branch B' },
            won_value: { price: 17_500, tax_rate: 1600 },
            won: { at: '2026-11-25T07:05:00.000Z', here: true, server: '' },
            recorded_at: '2026-11-25T07:06:00.000Z',
          },
          {
            id: 'h2',
            field: 'code',
            reason: 'unique',
            value: { code: '2002' },
            set: { at: '2026-11-25T06:40:00.000Z', here: false, server: 'Branch B' },
            won_value: { code: '2002-ab12' },
            won: { at: '2026-11-25T06:40:00.000Z', here: false, server: 'Branch B' },
            recorded_at: '2026-11-25T07:06:00.000Z',
          },
          {
            id: 'h3',
            field: 'unit',
            reason: 'unit_in_use',
            value: { unit: 'each' },
            set: { at: '2026-11-25T06:30:00.000Z', here: true, server: '' },
            won_value: { unit: 'kg' },
            won: { at: '2026-11-25T06:45:00.000Z', here: false, server: 'Main Shop' },
            recorded_at: '2026-11-25T06:46:00.000Z',
          },
        ],
      },
    }),
  );
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/stock');
      await page.getByText('Sugar 1 kg').first().click();
      const drawer = page.getByRole('dialog', { name: 'Edit product' });
      await expect(drawer).toBeVisible();
      await drawer.getByRole('tab', { name: 'Replaced values' }).click();
      const list = drawer.getByTestId('merge-history');
      await expect(list).toContainText('set on Branch B at');
      await expect(list).toContainText('it became 2002-ab12');
      await expect(list).toContainText('was undone on Main Shop at');
      await list.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/shots-merge/drawer-${scheme}-${size.name}.png` });
    }
  }
});
