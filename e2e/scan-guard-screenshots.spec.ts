import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminSpec } from './support/admin-spec';
import { ADMIN, apiLoginInPage, ensureSetup } from './support/fixtures';
import { stockedProduct } from './support/seed';
import { scannerTypes } from './support/scanner';
import { eachScreen } from './support/screens';
import { dropWorkDrafts } from './support/stock-screens';

/**
 * What a cashier sees when a scan comes with a dialog open (the code is left out, a notice names
 * it) and when a scanned code found nothing (back in the box, selected), in Portuguese and English,
 * light and dark, 1440 and 390 wide, written to /tmp/shots-scan for people to look at.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-scan';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const spec = adminSpec({ dropDrafts: true });

test('a scan into the pay dialog, and a code that found nothing, light and dark, wide and narrow', async ({
  page,
}) => {
  test.setTimeout(300_000);
  mkdirSync(DIR, { recursive: true });
  const barcode = `6164${RUN}0019`;
  const tea = await stockedProduct(
    spec.api,
    { name: `Tea ${RUN}`, code: `SGTEA${RUN}`, barcode, price: 25_000 },
    spec.main,
    50,
  );
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);
  await eachScreen(page, async (name) => {
    await dropWorkDrafts(page.request);
    await page.goto('/cash-sale');
    await expect(page.getByTestId('till-search')).toBeFocused();
    await scannerTypes(page, barcode);
    await expect(page.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('1');
    await scannerTypes(page, `6164${RUN}9999`);
    await expect(page.getByText(`No product matches “6164${RUN}9999”`)).toBeVisible();
    await page.screenshot({ path: `${DIR}/till-miss-${name}.png` });
    await page.keyboard.press('F9');
    const pay = page.getByRole('dialog', { name: 'Pay · Cash sale' });
    await expect(pay.getByLabel('Amount tendered')).toBeFocused();
    await scannerTypes(page, barcode);
    await expect(page.getByText(`“${barcode}” was scanned while this window is open`)).toBeVisible();
    // two more while its notice shows: the one notice names all three
    await scannerTypes(page, `6164${RUN}0026`);
    await scannerTypes(page, `6164${RUN}0033`);
    await expect(
      page.getByText(`3 codes were scanned while this window is open and were left out of it: ${barcode}, `),
    ).toBeVisible();
    await expect(page.getByText(/scanned while this window is open/)).toHaveCount(1);
    await expect(pay.getByLabel('Amount tendered')).toHaveValue('');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/pay-scan-${name}.png` });
  });
});
