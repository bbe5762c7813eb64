#!/usr/bin/env node
// Where a page's main thread goes (issue 21): loads a page of the built app on a fresh local
// server (signed in, except `/login`) in the system Chromium with the CPU slowed
// `BENCH_CPU_SLOWDOWN` times (default 4, as Lighthouse's mobile preset), records a CPU profile
// from navigation until the given text is on the page, and prints the time until then and the
// self time by script and by function, per load (`BENCH_RUNS` loads, default 3):
//   node bench/profile-page.mjs /cash-sale 'Scan a barcode'
//   node bench/profile-page.mjs /login 'Welcome back'
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { freshServer } from './web.mjs';

const page = process.argv[2] ?? '/cash-sale';
const until = process.argv[3] ?? 'Scan a barcode';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-profile-page-'));
const server = await freshServer(dataDir);
const chrome = await chromeLauncher.launch({
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
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const byUrl = new Map();
const byFn = new Map();
const waits = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const ctx = await browser.createBrowserContext();
    // signed in (the setup's cookies), except on the sign-in page
    if (page !== '/login')
      await ctx.setCookie(
        ...server.cookies.map((c) => ({ ...c, domain: new URL(server.url).hostname, path: '/' })),
      );
    const tab = await ctx.newPage();
    await tab.setViewport({ width: 412, height: 823 });
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const t0 = Date.now();
    await tab.goto(server.url + page, { waitUntil: 'domcontentloaded' });
    // textContent, not innerText: asking for the laid-out text would force a layout on every poll
    await tab.waitForFunction(`document.body.textContent.includes(${JSON.stringify(until)})`, {
      timeout: 60_000,
      polling: 50,
    });
    waits.push(Date.now() - t0);
    const { profile } = await cdp.send('Profiler.stop');
    const dt = profile.timeDeltas;
    const self = new Map();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
    for (const n of profile.nodes) {
      const us = self.get(n.id) ?? 0;
      if (!us) continue;
      const f = n.callFrame;
      const file = f.url ? f.url.replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
      byUrl.set(file, (byUrl.get(file) ?? 0) + us);
      const fn = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    }
    await ctx.close();
  }
} finally {
  await browser.disconnect();
  await chrome.kill();
  server.child.kill();
}
const ms = (us) => (us / 1000 / RUNS).toFixed(1).padStart(8);
console.log(
  `${page} until "${until}" at ${SLOWDOWN}× CPU: ${waits.join(', ')} ms (${RUNS} loads); self time per load:`,
);
const total = [...byUrl.values()].reduce((a, b) => a + b, 0);
console.log(`${ms(total)} ms  all`);
for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${ms(v)} ms  ${k}`);
console.log('functions:');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 30)))
  console.log(`${ms(v)} ms  ${k}`);
