#!/usr/bin/env node
// What the till's keys cost (issue 21): a fresh local server with 40 products, the till loaded
// signed in, in the system Chromium, the CPU slowed `BENCH_CPU_SLOWDOWN` times (default 4, as
// Lighthouse's mobile preset) once the page is quiet; then `BENCH_ROUNDS` rounds (default 4) of what
// a cashier does all day: a name typed key by key and the first result added with Enter, three
// barcodes scanned (typed fast with the focus on no field, then Enter), and `+` on the search.
// Prints, per load (`BENCH_RUNS`, default 2), the main thread's time per round (all, script, style,
// layout) and, from the Event Timing API, each interaction's input delay plus handlers (the part
// the page's code decides; headless Chromium's paint-to-screen times are not a display's).
// `npm run bench` runs it after the Lighthouse figures; `node bench/till-keys.mjs` alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { freshServer } from './web.mjs';

const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const LOADS = Number(process.env.BENCH_RUNS ?? 2);
const WORDS = ['sugar', 'rice', 'flour', 'oil', 'milk', 'bread', 'soap', 'salt', 'tea', 'beans'];
const barcode = (i) => `61610000${String(i).padStart(4, '0')}`;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Each interaction's longest event, as INP counts it: its input delay plus its handlers. */
function recordInteractions() {
  globalThis.__keys = new Map();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      const ms = e.processingEnd - e.startTime;
      globalThis.__keys.set(e.interactionId, Math.max(globalThis.__keys.get(e.interactionId) ?? 0, ms));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

async function seed(server) {
  const cookie = server.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${server.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({
        name: `${WORDS[i % 10]} ${i}`,
        code: `P${i}`,
        price: 1000 + i * 50,
        tax_rate: 0,
        barcodes: [barcode(i)],
        category: '',
        reorder_level: 0,
      }),
    });
    if (!res.ok) throw new Error(`product: ${res.status} ${await res.text()}`);
  }
  return cookie;
}

/** One load: the rounds, and the main thread's and the interactions' figures. */
async function oneLoad(browser, server, cookie) {
  // an empty till each time: the cart is kept on the server between loads
  const drafts = await (await fetch(`${server.url}/api/work-drafts`, { headers: { cookie } })).json();
  for (const d of drafts)
    await fetch(`${server.url}/api/work-drafts/${d.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: server.url },
    });
  const ctx = await browser.createBrowserContext();
  await ctx.setCookie(
    ...server.cookies.map((c) => ({ ...c, domain: new URL(server.url).hostname, path: '/' })),
  );
  const tab = await ctx.newPage();
  await tab.setViewport({ width: 1280, height: 800 });
  await tab.evaluateOnNewDocument(recordInteractions);
  await tab.goto(`${server.url}/cash-sale`, { waitUntil: 'domcontentloaded' });
  await tab.waitForSelector('[data-testid="till-search"]', { timeout: 60_000 });
  await pause(3000); // the start's requests and renders over
  const cdp = await tab.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await cdp.send('Performance.enable');
  const metrics = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await tab.evaluate(() => globalThis.__keys.clear());
  const m0 = await metrics();
  for (let r = 0; r < ROUNDS; r++) {
    await tab.focus('[data-testid="till-search"]');
    await tab.keyboard.type(WORDS[r % 10], { delay: 150 });
    await tab.waitForSelector(`[data-testid="tile-P${r % 10}"]`, { timeout: 30_000 });
    await pause(300);
    await tab.keyboard.press('Enter');
    await pause(500);
    for (let s = 0; s < 3; s++) {
      await tab.evaluate(() => globalThis.document.activeElement?.blur());
      await tab.keyboard.type(barcode(10 + r * 3 + s), { delay: 10 });
      await tab.keyboard.press('Enter');
      await pause(600);
    }
    await tab.focus('[data-testid="till-search"]');
    await tab.keyboard.press('+');
    await pause(600);
  }
  const m1 = await metrics();
  const keys = await tab.evaluate(() => [...globalThis.__keys.values()]);
  const lines = await tab.$$eval('[role="group"][aria-label]', (g) => g.length);
  await ctx.close();
  const perRound = (k) => ((m1[k] - m0[k]) * 1000) / ROUNDS;
  return {
    task: perRound('TaskDuration'),
    script: perRound('ScriptDuration'),
    style: perRound('RecalcStyleDuration'),
    layout: perRound('LayoutDuration'),
    keys,
    lines,
  };
}

export async function tillKeyFigures() {
  const server = await freshServer(fs.mkdtempSync(path.join(os.tmpdir(), 'duka-till-keys-')));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const cookie = await seed(server);
    console.log(
      `\nThe till's keys (${SLOWDOWN}× CPU, ${LOADS} loads × ${ROUNDS} rounds; a round: a name typed and added, 3 scans, +):`,
    );
    const keys = [];
    for (let i = 0; i < LOADS; i++) {
      const r = await oneLoad(browser, server, cookie);
      keys.push(...r.keys);
      const ms = (x) => `${Math.round(x)} ms`;
      console.log(
        `${`till: load ${i + 1}`.padEnd(44)} main thread per round ${ms(r.task)} (script ${ms(r.script)}, style ${ms(r.style)}, layout ${ms(r.layout)}); ${r.lines} lines in the cart`,
      );
    }
    keys.sort((a, b) => a - b);
    const q = (p) => Math.round(keys[Math.min(keys.length - 1, Math.floor(p * keys.length))] ?? 0);
    console.log(
      `${'till: keys, input delay + handlers'.padEnd(44)} ${keys.length} interactions over 16 ms; median ${q(0.5)} ms, p75 ${q(0.75)} ms, worst ${q(1)} ms`,
    );
  } finally {
    await browser.disconnect();
    await chrome.kill();
    server.child.kill();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  await tillKeyFigures();
