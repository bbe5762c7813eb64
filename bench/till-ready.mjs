#!/usr/bin/env node
// When the till takes over from its frame at start (issue 21), for two builds of the web app in
// turns (build-turns.mjs): each turn loads `/cash-sale` BENCH_RUNS times (default 5) per build on a
// fresh local server (page-loads.mjs: signed in, a phone-sized tab, the CPU slowed
// BENCH_CPU_SLOWDOWN times, default 1), and records in the page, from the navigation, when the
// till's frame left the page (the till removes it as it mounts) and when the till's search field
// was there. BENCH_WARM=1 measures a reload once the service worker has the app's files (a shop
// PC's start).
//   BENCH_TURNS=4 node bench/till-ready.mjs /tmp/dist-a /tmp/dist-b
import path from 'node:path';
import { buildsFromArgs, inTurns, mean, median } from './build-turns.mjs';
import { forEachLoad } from './page-loads.mjs';

const builds = buildsFromArgs('till-ready.mjs');
const TURNS = Number(process.env.BENCH_TURNS ?? 4);
/** BENCH_WARM=1: each load is a reload once the service worker has cached the app. */
const WARM = Boolean(process.env.BENCH_WARM);
const args = {
  page: '/cash-sale',
  until: 'Scan a barcode',
  runs: Number(process.env.BENCH_RUNS ?? 5),
  slowdown: Number(process.env.BENCH_CPU_SLOWDOWN ?? 1),
};

/** In the page, before its scripts: the moments the frame left and the search field came. */
const RECORD = () => {
  const { document, performance } = globalThis;
  const marks = {};
  globalThis.__tillMarks = marks;
  new globalThis.MutationObserver(() => {
    const now = performance.now();
    if (marks.frameGone === undefined && marks.frameSeen && !document.getElementById('duka-start'))
      marks.frameGone = now;
    if (document.getElementById('duka-start')?.dataset.frame === 'till') marks.frameSeen = true;
    if (marks.search === undefined && document.querySelector('#root [data-testid="till-search"]'))
      marks.search = now;
  }).observe(document, { childList: true, subtree: true, attributes: true });
};

const results = builds.map(() => ({ frameGone: [], search: [] }));
await inTurns(builds, TURNS, (b) =>
  forEachLoad(args, async ({ tab, load }) => {
    await tab.evaluateOnNewDocument(RECORD);
    await load();
    if (WARM) {
      // the shop PC's case: the app's files from the service worker's cache, then a reload
      await tab.evaluate(() => globalThis.navigator.serviceWorker.ready.then(() => true));
      await tab.reload({ waitUntil: 'domcontentloaded' });
      await tab.waitForFunction('navigator.serviceWorker.controller !== null', { timeout: 60_000 });
    }
    await tab.waitForFunction('window.__tillMarks?.frameGone !== undefined', { timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const marks = await tab.evaluate(() => globalThis.__tillMarks);
    results[b].frameGone.push(marks.frameGone);
    if (marks.search !== undefined) results[b].search.push(marks.search);
  }),
);

const fmt = (xs) => xs.map((x) => Math.round(x)).join(', ');
console.log(
  `\n/cash-sale, ${TURNS} turns × ${args.runs} ${WARM ? "reloads from the worker's cache" : 'loads'} per build, CPU ${args.slowdown}×:`,
);
builds.forEach((b, i) => {
  const r = results[i];
  console.log(
    `  ${path.basename(b)}: the till took over at median ${Math.round(median(r.frameGone))} ms, mean ${Math.round(mean(r.frameGone))} (${fmt(r.frameGone)})`,
  );
  if (r.search.length) console.log(`    its search field there at median ${Math.round(median(r.search))} ms`);
});
