// Loads of one page of the built app, for the page scripts (profile-page, profile-task, eval-page,
// loaf-page): a fresh local server with a business (web.mjs's `freshServer`), the system Chromium
// headless, and for each run a new browser context (signed in with the setup's cookies, except on
// `/login`), a phone-sized tab, the CPU slowed (Lighthouse's mobile preset slows it 4×).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { freshServer } from './web.mjs';

/** The page, the text that says it has loaded, and the runs and slowdown from the environment. */
export function pageArgs(defaultRuns = 2) {
  return {
    page: process.argv[2] ?? '/cash-sale',
    until: process.argv[3] ?? 'Scan a barcode',
    runs: Number(process.env.BENCH_RUNS ?? defaultRuns),
    slowdown: Number(process.env.BENCH_CPU_SLOWDOWN ?? 4),
  };
}

/** The system Chromium, headless, as the page scripts drive it (CHROMIUM_PATH to use another). */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Runs `each(tab, cdp, run)` once per run on a fresh tab, before navigation (it starts its
 * recording, then calls `load()` to navigate and wait for `until`). Stops everything after.
 */
export async function forEachLoad({ page, until, runs, slowdown }, each) {
  const server = await freshServer(fs.mkdtempSync(path.join(os.tmpdir(), 'duka-page-load-')));
  const chrome = await launchChromium();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    for (let run = 0; run < runs; run++) {
      const ctx = await browser.createBrowserContext();
      if (page !== '/login')
        await ctx.setCookie(
          ...server.cookies.map((c) => ({ ...c, domain: new URL(server.url).hostname, path: '/' })),
        );
      const tab = await ctx.newPage();
      await tab.setViewport({ width: 412, height: 823 });
      const cdp = await tab.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      const load = async () => {
        await tab.goto(server.url + page, { waitUntil: 'domcontentloaded' });
        // textContent, not innerText: asking for the laid-out text would force a layout on every poll;
        // in the app's root: the till's frame (lib/start-frame.ts) shows the till's words before it
        await tab.waitForFunction(
          `document.getElementById('root')?.textContent.includes(${JSON.stringify(until)})`,
          {
            timeout: 60_000,
            polling: 50,
          },
        );
      };
      await each({ tab, cdp, run, load });
      await ctx.close();
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
    server.child.kill();
  }
}
