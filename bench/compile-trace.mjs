#!/usr/bin/env node
// How much compiling a page's main thread does (issue 21): loads a page of the built app as the
// other page scripts do (page-loads.mjs: fresh local server, signed in except `/login`, phone-sized
// tab, CPU slowed BENCH_CPU_SLOWDOWN times, default 4), records Chromium's trace until the given
// text shows and a second after, and prints per load the longest module evaluation and the time
// V8 spent compiling on the page's main thread (`V8.CompileCode`, `V8.ParseProgram`,
// `V8.ParseFunction`, `V8.CollectSourcePositions`), in all and within that evaluation. With V8's
// compile hint on the app's entry (vite.config.ts) most of the compiling moves to a background
// thread; what stays in the evaluation is mostly collecting source positions, which only a browser
// driven through DevTools pays (bench/inspector-cost.mjs).
//   BENCH_CPU_SLOWDOWN=1 BENCH_RUNS=3 node bench/compile-trace.mjs /login 'Welcome back'
import { forEachLoad, pageArgs } from './page-loads.mjs';

const CATEGORIES = ['toplevel', 'v8', 'disabled-by-default-v8.compile', 'devtools.timeline', 'v8.execute'];
// V8.CollectSourcePositions: V8 compiles without source positions and, when something asks for a
// function's (a stack trace with lines, the profiler, this trace), parses it again; for a chunk's
// top level, that is the whole file
const COMPILE = ['V8.CompileCode', 'V8.ParseProgram', 'V8.ParseFunction', 'V8.CollectSourcePositions'];
const ms = (us) => (us / 1000).toFixed(0);

await forEachLoad(pageArgs(3), async ({ tab, run, load }) => {
  await tab.tracing.start({ categories: CATEGORIES });
  await load();
  await new Promise((r) => setTimeout(r, 1000));
  const events = JSON.parse(Buffer.from(await tab.tracing.stop()).toString()).traceEvents;
  // the page's main thread: the one that ran the most scripts
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...calls].sort((a, b) => b[1] - a[1])[0][0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.dur);
  const longest = onMain
    .filter((e) => e.name === 'v8.evaluateModule')
    .reduce((a, e) => (a && a.dur >= e.dur ? a : e), null);
  const total = (events) =>
    COMPILE.map(
      (name) => `${name} ${ms(events.filter((e) => e.name === name).reduce((s, e) => s + e.dur, 0))}`,
    );
  // the same within the longest evaluation, counting an event nested in one of its own name once
  const within = longest
    ? onMain.filter((e) => e.ts >= longest.ts && e.ts + e.dur <= longest.ts + longest.dur)
    : [];
  const outermost = within.filter(
    (e) => !within.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur),
  );
  console.log(
    `load ${run + 1}: longest module evaluation ${ms(longest?.dur ?? 0)} ms (${total(outermost).join(', ')}); ` +
      `main thread in all (ms): ${total(onMain).join(', ')}`,
  );
});
