#!/usr/bin/env node
// Two builds of the web app compared by Lighthouse in turns (issue 21). On this machine one build's
// score swings by 10 points between runs and its TBT by a factor of two as the machine's load
// changes, so a change is judged only against the build before it measured in the same minutes:
// each turn audits both builds (the order flipped every turn), each on a fresh local server, and
// the summary compares all the runs of each. Each build is a folder `vite build` made and
// scripts/precompress.mjs compressed; the server serves apps/web/dist, so the script puts each
// build there in its turn and puts the original back at the end (do not build or run e2e tests
// meanwhile).
//   cd apps/web && npx vite build --outDir /tmp/dist-a --emptyOutDir && node scripts/precompress.mjs /tmp/dist-a
//   BENCH_TURNS=6 BENCH_LIGHTHOUSE_RUNS=2 node bench/lighthouse-turns.mjs /tmp/dist-a /tmp/dist-b
// BENCH_PAGES=/cash-sale (comma-separated) audits only those pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit, freshServer, launchForLighthouse } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const builds = process.argv.slice(2);
if (builds.length !== 2 || !builds.every((b) => fs.existsSync(path.join(b, 'index.html'))))
  throw new Error('usage: node bench/lighthouse-turns.mjs <build folder A> <build folder B>');
const TURNS = Number(process.env.BENCH_TURNS ?? 6);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 2);
const pages = (process.env.BENCH_PAGES ?? '/login,/cash-sale').split(',');

/** Every run's figures, by page and build. */
const results = Object.fromEntries(pages.map((p) => [p, builds.map(() => [])]));
const saved = `${dist}.turns-${process.pid}`;
fs.renameSync(dist, saved);
/** The browser and the turn's server, stopped on Ctrl-C or a kill as at the end. */
let chrome;
let server;
/** The original build back in apps/web/dist: at the end, and on Ctrl-C or a kill. */
const restore = () => {
  if (!fs.existsSync(saved)) return;
  fs.rmSync(dist, { recursive: true, force: true });
  fs.renameSync(saved, dist);
};
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    server?.child.kill();
    if (chrome) process.kill(chrome.pid);
    restore();
    process.exit(130);
  });
chrome = await launchForLighthouse();
try {
  for (let turn = 0; turn < TURNS; turn++) {
    const order = turn % 2 === 0 ? [0, 1] : [1, 0];
    for (const b of order) {
      fs.rmSync(dist, { recursive: true, force: true });
      fs.cpSync(builds[b], dist, { recursive: true });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-turns-'));
      server = await freshServer(dataDir);
      try {
        for (const page of pages)
          for (let i = 0; i < RUNS; i++)
            results[page][b].push(
              await audit(chrome.port, `${server.url}${page}`, page === '/login' ? null : server.cookies),
            );
      } finally {
        server.child.kill();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
    console.log(`turn ${turn + 1} of ${TURNS} done`);
  }
} finally {
  await chrome.kill();
  restore();
}

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x).toLocaleString('en');
for (const page of pages) {
  console.log(`\n${page}, ${TURNS} turns × ${RUNS} runs per build:`);
  builds.forEach((build, b) => {
    const runs = results[page][b];
    const of = (k) => runs.map((r) => r[k]);
    const perf = runs.map((r) => r.scores.performance);
    console.log(
      `  ${path.basename(build)}: performance mean ${mean(perf).toFixed(1)}, median ${median(perf)} (${perf.join(', ')})`,
    );
    console.log(
      `    TBT mean ${round(mean(of('tbt')))} ms, median ${round(median(of('tbt')))}; LCP median ${round(median(of('lcp')))} ms; ` +
        `FCP ${round(Math.min(...of('fcp')))}–${round(Math.max(...of('fcp')))} ms; SI median ${round(median(of('si')))} ms`,
    );
    const groups = [...new Set(runs.flatMap((r) => Object.keys(r.mainThread)))];
    console.log(
      `    main thread (mean ms): ${groups.map((g) => `${g} ${round(mean(runs.map((r) => r.mainThread[g] ?? 0)))}`).join(', ')}`,
    );
  });
}
