// The browser the end-to-end journeys drive (plain ESM: playwright.config.ts and
// scripts/test-all.mjs both read it).
//
// Debian's `chromium-headless-shell` package is Chromium's own headless browser (the same Blink and
// V8 as `chromium`, without the desktop browser around them), the build Playwright itself runs
// headless tests on. The whole run of 180 journeys took 11.8 min on it against 16.5 min on the full
// `chromium` (5 December, 2 cores): the full browser's renderer and browser processes spent three
// times the CPU on the same pages. The benches (Lighthouse, page loads) keep the full Chromium.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH when set; else the headless shell when installed; else the full Chromium. */
export function e2eBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
