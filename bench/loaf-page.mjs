#!/usr/bin/env node
// What the long frames of a page's first load run (issue 21): loads a page of the built app on a
// fresh local server (signed in, except `/login`) in the system Chromium with the CPU slowed
// `BENCH_CPU_SLOWDOWN` times (default 4, Lighthouse's mobile figure), and prints every long
// animation frame (Chrome's Long Animation Frames API) until the page is quiet: its start, its
// length, its blocking part, and each script in it with what invoked it (a promise resolved, a
// timer, a message: React's scheduler) and the layout it forced.
//   node bench/loaf-page.mjs /cash-sale 'Scan a barcode'
import { forEachLoad, pageArgs } from './page-loads.mjs';

const short = (u) => (u ? u.replace(/^https?:\/\/[^/]+/, '') : '');
await forEachLoad(pageArgs(), async ({ tab, run, load }) => {
  await tab.evaluateOnNewDocument(() => {
    globalThis.__loaf = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        globalThis.__loaf.push({
          ...e.toJSON(),
          scripts: e.scripts.map((x) => ({
            duration: x.duration,
            invokerType: x.invokerType,
            invoker: x.invoker,
            sourceFunctionName: x.sourceFunctionName,
            sourceURL: x.sourceURL,
            sourceCharPosition: x.sourceCharPosition,
            forcedStyleAndLayoutDuration: x.forcedStyleAndLayoutDuration,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  await load();
  await new Promise((r) => setTimeout(r, 4000));
  const frames = await tab.evaluate(() => globalThis.__loaf);
  console.log(`load ${run + 1}: ${frames.length} long frames`);
  let tbt = 0;
  for (const f of frames) {
    tbt += Math.max(0, f.blockingDuration);
    console.log(
      `  @${Math.round(f.startTime)} ms  ${Math.round(f.duration)} ms (blocking ${Math.round(f.blockingDuration)}, render ${Math.round(f.renderStart ? f.startTime + f.duration - f.renderStart : 0)}, style+layout ${Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0)})`,
    );
    for (const s of f.scripts)
      console.log(
        `      ${String(Math.round(s.duration)).padStart(5)} ms  ${s.invokerType} ${s.invoker}  ${s.sourceFunctionName || ''} ${short(s.sourceURL)}:${s.sourceCharPosition}  forced layout ${Math.round(s.forcedStyleAndLayoutDuration)}`,
      );
  }
  console.log(`  blocking in all: ${Math.round(tbt)} ms`);
});
