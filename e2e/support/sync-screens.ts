// The sync journeys' browser steps: the shop admin's sign-in on either side, and the screenshots
// of a screen in light and dark, wide and narrow (`DUKA_SHOTS=1`, into /tmp/shots-sync).
import fs from 'node:fs';
import { type Browser, type Locator, type Page, expect } from '@playwright/test';
import { SHOP_ADMIN } from './sync-stack.mjs';

export const SYNC_SHOTS = process.env.DUKA_SHOTS ? '/tmp/shots-sync' : '';

/** Signs the shop's admin in on `base` (the local server or the hosted site). */
export async function signInAdmin(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page
    .getByLabel(/mobile|username/i)
    .first()
    .fill(SHOP_ADMIN.username);
  await page.getByLabel(/^Password/).fill(SHOP_ADMIN.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * With `DUKA_SHOTS`, `path` of `base` signed in, scrolled to what `focus` finds (the sync
 * section's heading unless given), light and dark, 1440 and 390 wide: `<name>-<scheme>-<size>.png`.
 */
export async function shootSync(
  browser: Browser,
  base: string,
  name: string,
  { path = '/profile#sync', focus }: { path?: string; focus?: (page: Page) => Locator } = {},
): Promise<void> {
  if (!SYNC_SHOTS) return;
  fs.mkdirSync(SYNC_SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const)
    for (const size of [
      { n: 'wide', width: 1440, height: 900 },
      { n: 'narrow', width: 390, height: 844 },
    ]) {
      const ctx = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      await ctx.addCookies([
        {
          name: 'duka_prefs',
          value: encodeURIComponent(
            JSON.stringify({ layout: { variant: scheme === 'dark' ? 'Dark' : 'Light' } }),
          ),
          url: base,
        },
      ]);
      const page = await ctx.newPage();
      await signInAdmin(page, base);
      await page.goto(`${base}${path}`);
      await (
        focus?.(page) ?? page.getByRole('heading', { name: /sync with the hosted site/i })
      ).scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SYNC_SHOTS}/${name}-${scheme}-${size.n}.png`, fullPage: false });
      await ctx.close();
    }
}
