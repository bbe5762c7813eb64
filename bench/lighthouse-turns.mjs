#!/usr/bin/env node
// Two builds of the web app compared by Lighthouse in turns (issue 21; build-turns.mjs: why turns,
// and how the builds are made): each turn audits both builds, each on a fresh local server, and the
// summary compares all the runs of each. On this machine one build's score swings by 10 points
// between runs and its TBT by a factor of two as the machine's load changes.
//   BENCH_TURNS=6 BENCH_LIGHTHOUSE_RUNS=2 node bench/lighthouse-turns.mjs /tmp/dist-a /tmp/dist-b
// BENCH_PAGES=/cash-sale (comma-separated) audits only those pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildsFromArgs, inTurns, mean, median } from './build-turns.mjs';
import { audit, freshServer, launchForLighthouse } from './web.mjs';

const builds = buildsFromArgs('lighthouse-turns.mjs');
const TURNS = Number(process.env.BENCH_TURNS ?? 6);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 2);
const pages = (process.env.BENCH_PAGES ?? '/login,/cash-sale').split(',');

/** Every run's figures, by page and build. */
const results = Object.fromEntries(pages.map((p) => [p, builds.map(() => [])]));
/** The browser and the turn's server, stopped on Ctrl-C or a kill as at the end. */
let server;
const chrome = await launchForLighthouse();
try {
  await inTurns(
    builds,
    TURNS,
    async (b) => {
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
    },
    () => {
      server?.child.kill();
      process.kill(chrome.pid);
    },
  );
} finally {
  await chrome.kill();
}

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
