import type { Page } from '@playwright/test';
import { BASE_URL } from './fixtures';

/** The two widths every screen is shot at: a shop PC and a phone. */
export const SIZES = [
  { name: 'wide', width: 1440, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
] as const;

/** Light or dark, through the same per-browser preference cookie the settings panel writes. */
export async function setScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const layout = { variant: scheme === 'dark' ? 'Dark' : 'Light' };
  await page
    .context()
    .addCookies([
      { name: 'duka_prefs', value: encodeURIComponent(JSON.stringify({ layout })), url: BASE_URL },
    ]);
}

/**
 * Calls `shoot` with the page in each scheme at each size, naming them (`light-wide`, `dark-narrow`…).
 * A journey's own run (no `DUKA_SHOTS`) takes two of the four, light on the PC and dark on the
 * phone, so each scheme and each width is still checked; `DUKA_SHOTS=1` takes all four to look at.
 */
export async function eachScreen(page: Page, shoot: (name: string) => Promise<void>): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    for (const size of SIZES) {
      if (!process.env.DUKA_SHOTS && (scheme === 'light') !== (size.name === 'wide')) continue;
      await page.setViewportSize({ width: size.width, height: size.height });
      await shoot(`${scheme}-${size.name}`);
    }
  }
}
