#!/usr/bin/env node
// The web app's figures: Lighthouse (mobile preset, simulated slow 4G and a 4× slower CPU) on
// `/login` and on `/cash-sale` signed in, against a fresh local server, on the system Chromium;
// and the JavaScript each page loads, as transferred and as gzip (level 9) of every script.
// `npm run bench` runs it with the rest; `node bench/web.mjs` runs it alone.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const JS_TARGETS = { '/login': 120, '/cash-sale': 200 };

/** A fresh local server (its own data folder) with a business set up; answers its url and the owner's cookie. */
export async function freshServer(dataDir) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/(?:ready|running at) (http:\/\/[^\s]+)/);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_name: 'Bench shop', username: 'owner', password: 'bench-pass-1' }),
  });
  if (!setup.ok) throw new Error(`setup: ${setup.status} ${await setup.text()}`);
  // the session (HttpOnly) and the readable signed-in hint the app reads at start
  const cookies = setup.headers.getSetCookie().map((c) => {
    const [name, ...value] = c.split(';')[0].split('=');
    return { name, value: value.join('=') };
  });
  return { child, url, cookies };
}

/**
 * Gzip (level 9) of each script the page loaded, fetched again uncompressed: comparable before and
 * after. BENCH_JS_FILES=1 prints each file's size too, largest first.
 */
async function gzipBytes(urls) {
  const sizes = [];
  for (const u of urls) {
    const res = await fetch(u, { headers: { 'accept-encoding': 'identity' } });
    sizes.push([
      new URL(u).pathname,
      zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length,
    ]);
  }
  if (process.env.BENCH_JS_FILES)
    for (const [file, n] of sizes.sort((a, b) => b[1] - a[1]))
      console.log(`${''.padEnd(46)}${kb(n).padStart(8)}  ${file}`);
  return sizes.reduce((sum, [, n]) => sum + n, 0);
}

/**
 * Signed in as a browser is: the cookies set in the browser (the app reads the signed-in hint from
 * `document.cookie`; a Cookie header alone reached the server but the app, seeing no hint, went to
 * the sign-in page, which is what the signed-in figure measured until 26 November), and Lighthouse
 * told to keep them; everything else of the origin and the browser's cache cleared before each run,
 * as Lighthouse's own reset would.
 */
async function signedIn(port, url, cookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(url).origin,
      storageTypes: 'local_storage,indexeddb,cache_storage,service_workers,websql,file_systems',
    });
    await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(url).hostname, path: '/' })));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Signed out: the browser's cookies cleared. Lighthouse's own reset leaves cookies, so a page
 * audited signed out after a signed-in one (`/login` after `/cash-sale`, or after another build's
 * server in bench/lighthouse-turns.mjs: cookies do not tell ports apart) was the dashboard, or the
 * sign-in page with a stale signed-in hint preloading the signed-in screens' files.
 */
async function signedOut(port) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCookies');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run: the three scores, the main metrics and the page's scripts. With `keepIn`, a
 * folder, Lighthouse keeps what it gathered there (its trace: `defaultPass.trace.json`).
 */
export async function audit(port, url, cookies, { attempt = 1, keepIn } = {}) {
  if (cookies) await signedIn(port, url, cookies);
  else await signedOut(port);
  const { lhr } = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    disableStorageReset: Boolean(cookies),
    ...(keepIn ? { gatherMode: keepIn, auditMode: keepIn } : {}),
  });
  // a trace Chromium failed to record (NO_NAVSTART now and then on a busy machine): run again
  if (lhr.runtimeError && attempt < 3) return audit(port, url, cookies, { attempt: attempt + 1, keepIn });
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url}: ended on ${lhr.finalDisplayedUrl}${cookies ? ', not signed in' : ''}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // BENCH_LIGHTHOUSE_DIR=<dir> keeps each report (open it in https://googlechrome.github.io/lighthouse/viewer/)
  if (process.env.BENCH_LIGHTHOUSE_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), JSON.stringify(lhr));
  }
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith('http'));
  const failed = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => a.id);
  return {
    scores: Object.fromEntries(
      Object.keys(TARGETS).map((k) => [k, Math.round(lhr.categories[k].score * 100)]),
    ),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    si: lhr.audits['speed-index'].numericValue,
    // the main thread's work by kind (script evaluation, style and layout, …), ms
    mainThread: Object.fromEntries(
      lhr.audits['mainthread-work-breakdown'].details.items.map((i) => [i.group, i.duration]),
    ),
    jsTransferred: scripts.reduce((s, r) => s + r.transferSize, 0),
    scriptUrls: [...new Set(scripts.map((r) => r.url))],
    failed: [...new Set(failed)],
    // the tasks Lighthouse counts as long (in its simulated timeline) and the script each is put to
    longTasks: (lhr.audits['long-tasks'].details?.items ?? []).map((t) => ({
      start: t.startTime,
      duration: t.duration,
      url: t.url,
    })),
  };
}

// one decimal: a whole number printed 200 KB for 200.33 (over the budget, unseen)
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const s = (n) => `${(n / 1000).toFixed(1)} s`;

/** The system Chromium as Lighthouse drives it here (bench/lighthouse-turns.mjs too). */
export function launchForLighthouse() {
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
}

/** Lighthouse `RUNS` times per page, the median run by performance score printed. */
export async function webFigures() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-web-'));
  const server = await freshServer(dataDir);
  const chrome = await launchForLighthouse();
  try {
    console.log(`\nWeb app (Lighthouse ${RUNS}× per page, mobile preset, median run by performance):`);
    // BENCH_PAGES=/cash-sale (comma-separated) audits only those pages
    const only = process.env.BENCH_PAGES?.split(',');
    for (const [page, cookies] of [
      ['/login', null],
      ['/cash-sale', server.cookies],
    ].filter(([page]) => !only || only.includes(page))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${server.url}${page}`, cookies));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const r = runs[Math.floor(runs.length / 2)];
      const scores = Object.entries(r.scores)
        .map(([k, v]) => `${k} ${v}${v >= TARGETS[k] ? '' : ` (aim ≥ ${TARGETS[k]})`}`)
        .join(', ');
      console.log(`${`web: ${page}`.padEnd(44)} ${scores}`);
      console.log(
        `${''.padEnd(44)} FCP ${s(r.fcp)}, LCP ${s(r.lcp)}, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}; performance of the ${RUNS} runs: ${runs.map((x) => x.scores.performance).join(', ')}`,
      );
      const gz = await gzipBytes(r.scriptUrls);
      console.log(
        `${''.padEnd(44)} JS: ${r.scriptUrls.length} files, ${kb(r.jsTransferred)} transferred, ${kb(gz)} gzip (aim ≤ ${JS_TARGETS[page]} KB)`,
      );
      if (r.failed.length) console.log(`${''.padEnd(44)} audits below 0.9: ${r.failed.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    server.child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await webFigures();
