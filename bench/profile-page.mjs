#!/usr/bin/env node
// Where a page's main thread goes (issue 21): loads a page of the built app on a fresh local
// server (signed in, except `/login`) in the system Chromium with the CPU slowed
// `BENCH_CPU_SLOWDOWN` times (default 4, as Lighthouse's mobile preset), records a CPU profile
// from navigation until the given text is on the page, and prints the time until then and the
// self time by script and by function, per load (`BENCH_RUNS` loads, default 3):
//   node bench/profile-page.mjs /cash-sale 'Scan a barcode'
//   node bench/profile-page.mjs /login 'Welcome back'
import { forEachLoad, pageArgs } from './page-loads.mjs';

const args = pageArgs(3);
const { page, until } = args;
const RUNS = args.runs;
const SLOWDOWN = args.slowdown;
const byUrl = new Map();
const byFn = new Map();
const waits = [];
await forEachLoad(args, async ({ cdp, load }) => {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await load();
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
});
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
