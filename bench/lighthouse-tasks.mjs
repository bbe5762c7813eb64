#!/usr/bin/env node
// What Lighthouse's TBT is made of on a page (issue 21): audits the page of the built app
// `BENCH_LIGHTHOUSE_RUNS` times (default 3; signed in but on `/login`) on a fresh local server,
// keeping what Lighthouse gathered, and prints for each run:
// - the long tasks Lighthouse counts, in its simulated timeline (4× CPU), with the script it puts
//   each to (`_lighthouse-eval.js` is not Lighthouse's own work: it wraps the page's
//   requestIdleCallback in a function of its own, `cbWrap`, so the page's idle callbacks are put
//   to it);
// - the tasks of the observed (unthrottled) trace of 12.5 ms or more, the length that becomes
//   50 ms at 4×, with their five longest events (a timer, React's scheduler message, a module's
//   evaluation, style and layout, a garbage collection) and the function each called.
//   node bench/lighthouse-tasks.mjs /cash-sale
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { audit, freshServer, launchForLighthouse } from './web.mjs';

const page = process.argv[2] ?? '/cash-sale';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Events worth naming inside a task. */
const NAMED = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MajorGC',
  'MinorGC',
  'v8.compile',
  'v8.compileModule',
]);

/** The observed trace's tasks on the page's main thread from its navigation on, 12.5 ms or more. */
function observedTasks(tracePath) {
  const trace = JSON.parse(fs.readFileSync(tracePath, 'utf8'));
  const events = trace.traceEvents ?? trace;
  const navs = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const nav = navs.at(-1) ?? events.find((e) => e.name === 'navigationStart');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid,
  );
  const onMain = events.filter((e) => e.pid === nav.pid && e.tid === main.tid && e.ph === 'X');
  return onMain
    .filter((e) => e.name === 'RunTask' && e.dur >= 12_500 && e.ts >= nav.ts)
    .map((task) => {
      const inside = onMain.filter(
        (e) => e !== task && NAMED.has(e.name) && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
      );
      const top = inside
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 5)
        .map((e) => {
          const d = e.args?.data ?? {};
          const where = d.url
            ? ` ${d.url.split('/').pop()}:${d.lineNumber ?? ''} ${d.functionName ?? ''}`
            : '';
          return `${e.name}${d.type ? `[${d.type}]` : ''}${where.trimEnd()} ${(e.dur / 1000).toFixed(1)}`;
        });
      return { at: (task.ts - nav.ts) / 1000, ms: task.dur / 1000, top };
    });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-lh-tasks-'));
const server = await freshServer(dataDir);
const chrome = await launchForLighthouse();
try {
  for (let run = 0; run < RUNS; run++) {
    const keepIn = path.join(dataDir, `run-${run}`);
    fs.mkdirSync(keepIn);
    const r = await audit(chrome.port, `${server.url}${page}`, page === '/login' ? null : server.cookies, {
      keepIn,
    });
    console.log(
      `\n${page}, run ${run + 1}: performance ${r.scores.performance}, TBT ${Math.round(r.tbt)} ms`,
    );
    console.log('  long tasks as Lighthouse counts them (simulated, ms: start, length, script):');
    for (const t of r.longTasks.sort((a, b) => a.start - b.start))
      console.log(
        `    ${String(Math.round(t.start)).padStart(6)} ${String(Math.round(t.duration)).padStart(5)}  ${t.url.split('/').pop()}`,
      );
    console.log('  observed tasks of 12.5 ms or more (ms after navigation, length, longest events):');
    for (const t of observedTasks(path.join(keepIn, 'defaultPass.trace.json')))
      console.log(`    ${t.at.toFixed(0).padStart(6)} ${t.ms.toFixed(1).padStart(6)}  ${t.top.join(' | ')}`);
  }
} finally {
  await chrome.kill();
  server.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
