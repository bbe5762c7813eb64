import { expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { seedLocation, seedSeller } from './support/seed';
import { setScheme } from './support/screens';

test.beforeAll(ensureSetup);

const RUN = Date.now().toString(36).slice(-5).toUpperCase();

test('deactivating a location names the staff who work only there before it is confirmed', async ({
  page,
}) => {
  const api = await adminApi();
  const kiosk = await seedLocation(api, `Kiosk ${RUN}`);
  await seedSeller(api, ['sell_cash'], kiosk.id);
  await api.dispose();
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await page.goto('/locations');
  const row = page.getByTestId(`location-row-Kiosk ${RUN}`);
  const dialog = page.getByRole('dialog', { name: 'Deactivate' });
  for (const [scheme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    await setScheme(page, scheme);
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog.getByTestId('stranded-staff')).toHaveText(
      'Till Cashier works only here: once it is deactivated, they cannot sell or count anywhere until you give them another location in User accounts.',
    );
    await page.waitForTimeout(400); // the dialog's opening transition, for the picture only
    await page.screenshot({ path: `/tmp/shots-locations/deactivate-${scheme}-${width}.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  }
  // cancelled: the location is still active, the staff member still works there
  await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible();
});
