import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, BASE_URL, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { chooseHelper, freePort, startFakePrinter, startHelperProcess } from './support/printing';
import { mainLocation, stockedProduct } from './support/seed';
import { SIZES, setScheme } from './support/screens';
import { sellForCash } from './support/till';

/**
 * Screenshots of printing in light and dark, 1440 and 390 wide, written to /tmp/shots-printing
 * for people to look at: the till's receipt panel with its Print button, a print that failed (out
 * of paper) with Print again, the till's header with Open drawer, the settings panel's Printing
 * tab with the real helper answering and with no helper chosen, and the business profile's
 * printer section.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-printing';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/${name}.png` });
}

test('printing, light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const main = await mainLocation(api);
  const product = await stockedProduct(
    api,
    { name: 'Cooking oil 1 L', code: `SHPR${RUN}`, price: 32_000 },
    main,
    50,
  );
  const certificate = await (await api.get('/api/print/certificate')).text();
  await api.dispose();
  const printer = await startFakePrinter();
  const helper = await startHelperProcess({
    printerPort: printer.port,
    certificate,
    insecurePort: 8182,
    securePort: await freePort(),
  });
  try {
    await apiLoginInPage(page, ADMIN.username, ADMIN.password);
    await chooseHelper(page.context(), BASE_URL);
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      for (const size of SIZES) {
        const tag = `${scheme}-${size.name}`;
        await page.setViewportSize({ width: size.width, height: size.height });

        // the settings panel, Printing tab, with the helper answering
        await page.goto('/cash-sale');
        await expect(page.getByRole('heading', { name: 'Make a sale › cash', level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Customize your view' }).click();
        const panel = page.getByRole('dialog', { name: 'Settings' });
        await panel.getByRole('tab', { name: 'Printing' }).click();
        await expect(panel.getByTestId('helper-status')).toHaveAttribute('data-state', 'ready');
        await shot(page, `settings-printing-${tag}`);
        // the same tab on a till that does not use a helper: nothing is looked for
        await panel.getByRole('switch', { name: /prints through the printer helper/ }).uncheck();
        await expect(panel.getByTestId('helper-off')).toBeVisible();
        await shot(page, `settings-printing-off-${tag}`);
        await panel.getByRole('switch', { name: /prints through the printer helper/ }).check();
        await expect(panel.getByTestId('helper-status')).toHaveAttribute('data-state', 'ready');
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();

        // a sale: the receipt panel with Print beside New sale
        const { done } = await sellForCash(page, product.code, '500');
        await expect(done.getByRole('button', { name: 'Print' })).toBeVisible();
        const img = done.getByRole('img', { name: /Receipt #/ });
        await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
        await shot(page, `receipt-panel-${tag}`);
        // the printer runs out of paper: what the cashier sees, with Print again
        printer.paperOut = true;
        await done.getByRole('button', { name: 'Print' }).click();
        const failure = page.getByTestId('print-failure');
        await expect(failure).toContainText('out of paper');
        await shot(page, `print-failed-${tag}`);
        printer.paperOut = false;
        const reprinted = printer.nextJob();
        await failure.getByRole('button', { name: 'Print again' }).click();
        await reprinted;
        await page.keyboard.press('F4');
        await expect(done).toBeHidden();
        // the till's header with Open drawer
        await shot(page, `till-header-${tag}`);

        // the business profile's printer section
        await page.goto('/profile');
        const section = page.getByTestId('printer-section');
        await expect(section.getByRole('heading', { name: 'Receipt printer' })).toBeVisible();
        await expect(section.getByTestId('helper-howto')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        // the whole page, so the fixed navbar stays on top; the section is in the lower half
        await page.screenshot({ path: `${DIR}/profile-${tag}.png`, fullPage: true });
        // and the section alone, cut from the whole page (scrolled to the top, so page = viewport)
        const box = (await section.boundingBox())!;
        await page.screenshot({ path: `${DIR}/profile-printer-${tag}.png`, fullPage: true, clip: box });
      }
    }
  } finally {
    await helper.stop();
    await printer.close();
  }
});
