#!/usr/bin/env node
// Where a page's style and layout go (issue 21): loads a page of the built app as the other page
// scripts do (page-loads.mjs: fresh local server, signed in except `/login`, phone-sized tab, CPU
// slowed 4×), records Chromium's timeline trace until the given text shows and a moment after, and
// prints each main-thread task over 50 ms with its script, style (with the elements restyled) and
// layout (with the objects laid out) time and the longest event in it, then the load's totals.
//   node bench/trace-page.mjs /cash-sale 'Scan a barcode'
import { forEachLoad, pageArgs } from './page-loads.mjs';

const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
];
const SCRIPT = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.callFunction',
  'FireIdleCallback',
  'TimerFire',
  'EventDispatch',
]);
const ms = (us) => (us / 1000).toFixed(0).padStart(6);

await forEachLoad(pageArgs(), async ({ tab, run, load }) => {
  await tab.tracing.start({ categories: CATEGORIES });
  await load();
  await new Promise((r) => setTimeout(r, 1500));
  const events = JSON.parse(Buffer.from(await tab.tracing.stop()).toString()).traceEvents;
  // the page's main thread: the one that ran the most scripts
  const calls = new Map();
  for (const e of events)
    if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...calls].sort((a, b) => b[1] - a[1])[0][0];
  const tasks = events.filter((e) => e.name === 'RunTask' && e.dur > 50_000 && `${e.pid}:${e.tid}` === main);
  const inside = (t, name) =>
    events.filter(
      (e) => e.name === name && e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts < t.ts + t.dur,
    );
  const sum = (list) => list.reduce((s, e) => s + (e.dur ?? 0), 0);
  const totals = { task: 0, script: 0, style: 0, layout: 0, elements: 0, objects: 0 };
  console.log(`run ${run + 1}: tasks over 50 ms (ms)        task script  style (elements)  layout (objects)`);
  for (const t of tasks) {
    // script: the outermost of the script events (one may hold another)
    let end = 0;
    let script = 0;
    for (const e of events
      .filter(
        (e) =>
          SCRIPT.has(e.name) && e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts < t.ts + t.dur,
      )
      .sort((a, b) => a.ts - b.ts)) {
      if (e.ts < end) continue;
      script += e.dur ?? 0;
      end = e.ts + (e.dur ?? 0);
    }
    const styles = inside(t, 'UpdateLayoutTree');
    const layouts = inside(t, 'Layout');
    const elements = styles.reduce(
      (s, e) => s + (e.args?.elementCount ?? e.args?.beginData?.elementCount ?? 0),
      0,
    );
    const objects = layouts.reduce((s, e) => s + (e.args?.beginData?.dirtyObjects ?? 0), 0);
    totals.task += t.dur;
    totals.script += script;
    totals.style += sum(styles);
    totals.layout += sum(layouts);
    totals.elements += elements;
    totals.objects += objects;
    // what else took the task: its longest event that is not the task's own wrapper
    const wrappers = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
    const longest = events
      .filter(
        (e) =>
          e.tid === t.tid &&
          e.pid === t.pid &&
          e.ts >= t.ts &&
          e.ts < t.ts + t.dur &&
          e.dur &&
          !wrappers.has(e.name),
      )
      .sort((a, b) => b.dur - a.dur)[0];
    console.log(
      `  at ${ms(t.ts - tasks[0].ts)}${''.padEnd(18)}${ms(t.dur)} ${ms(script)} ${ms(sum(styles))} (${String(elements).padStart(5)}) ${ms(sum(layouts))} (${String(objects).padStart(5)})  ${longest ? `${longest.name} ${ms(longest.dur).trim()}` : ''}`,
    );
  }
  console.log(
    `  all${''.padEnd(24)}${ms(totals.task)} ${ms(totals.script)} ${ms(totals.style)} (${String(totals.elements).padStart(5)}) ${ms(totals.layout)} (${String(totals.objects).padStart(5)})`,
  );
});
