import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { ADMIN, adminApi, apiLoginInPage, ensureSetup } from './support/fixtures';
import { mainLocation, stockedProduct } from './support/seed';
import { setScheme } from './support/screens';

/**
 * The till online and offline (issue 16), light and dark, at a shop PC's 1366×768 and a phone's
 * 390×844, written to /tmp/shots-first-day for people to look at: the header's connection state,
 * the offline search, a sale refused for want of a connection.
 */
test.beforeAll(ensureSetup);

const DIR = '/tmp/shots-first-day';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '390', width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${DIR}/${name}.png` });
}

test('the till online and offline, light and dark, 1366 and 390 wide', async ({ page, context }) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  const api = await adminApi();
  const main = await mainLocation(api);
  const sugar = await stockedProduct(
    api,
    { name: `Sugar 1 kg ${RUN}`, code: `SHFD1${RUN}`, price: 18_000 },
    main,
    50,
  );
  const milk = await stockedProduct(
    api,
    { name: `Milk 500 ml ${RUN}`, code: `SHFD2${RUN}`, price: 6_000 },
    main,
    50,
  );
  await api.dispose();
  await apiLoginInPage(page, ADMIN.username, ADMIN.password);

  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      const tag = `${scheme}-${size.name}`;
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const d of (await (await page.request.get('/api/work-drafts')).json()) as { id: string }[])
        await page.request.delete(`/api/work-drafts/${d.id}`);
      await page.goto('/cash-sale');
      const search = page.getByTestId('till-search');
      await expect(search).toBeFocused();
      for (const code of [sugar.code, sugar.code, milk.code]) {
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await expect(search).toHaveValue('');
      }
      await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online');
      await shot(page, `online-${tag}`);

      await context.setOffline(true);
      await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'offline');
      await search.fill('rice');
      await expect(page.getByTestId('till-search-offline')).toBeVisible();
      await shot(page, `offline-search-${tag}`);
      await search.fill('');
      await page.keyboard.press('F9');
      await expect(page.getByLabel('Amount tendered')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('pay-panel').getByTestId('sale-alert')).toBeVisible();
      await shot(page, `offline-refused-${tag}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot(page, `offline-cart-${tag}`);
      await context.setOffline(false);
      await expect(page.getByTestId('connection')).toHaveAttribute('data-state', 'online');
    }
  }
});
