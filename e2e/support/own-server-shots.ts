import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ownServer } from './own-server';

type Lang = 'en' | 'es' | 'pt' | 'de';
type Scheme = 'light' | 'dark';

/**
 * Screenshots on a server of the spec's own (a new shop, set up through its page), for people to
 * look at (`npm run screenshots`): each screen in the languages and schemes asked, at each size,
 * written to `out` as `<name>-<lang>-<scheme>-<size>.png`. Call at a spec's top level.
 */
export function ownServerShots(options: {
  out: string;
  sizes: readonly { name: string; width: number; height: number }[];
  langs: readonly Lang[];
}) {
  const server = ownServer(() => fs.mkdirSync(options.out, { recursive: true }));

  /** The language and scheme through the per-browser preference cookie the settings panel writes. */
  async function prefs(page: Page, language: Lang, scheme: Scheme) {
    const value = encodeURIComponent(
      JSON.stringify({ language, layout: { variant: scheme === 'dark' ? 'Dark' : 'Light' } }),
    );
    await page.context().addCookies([{ name: 'duka_prefs', value, url: server.url() }]);
  }

  async function shoot(
    page: Page,
    name: string,
    show: () => Promise<void>,
    schemes: readonly Scheme[] = ['light', 'dark'],
  ) {
    for (const lang of options.langs)
      for (const scheme of schemes) {
        await prefs(page, lang, scheme);
        for (const size of options.sizes) {
          await page.setViewportSize({ width: size.width, height: size.height });
          await show();
          await page.waitForTimeout(500);
          await page.screenshot({
            path: `${options.out}/${name}-${lang}-${scheme}-${size.name}.png`,
            fullPage: true,
          });
        }
      }
  }

  return { ...server, shoot };
}
