#!/usr/bin/env node
// What evaluating a page's modules costs (issue 21): loads a page of the built app as the other
// page scripts do (page-loads.mjs: fresh local server, signed in except `/login`, phone-sized tab,
// CPU slowed 4×), takes a CPU profile until the given text shows and a moment after, and keeps the
// samples under a chunk's top level (the module's own code, which V8 profiles as an anonymous
// function at line 0, column 0 of the chunk). Prints, as means over the loads, the time per chunk
// and per function its top level called (through the bundler's CommonJS wrappers), named through
// the source maps when the build has them (`cd apps/web && npx vite build --sourcemap`).
//   BENCH_RUNS=4 node bench/eval-page.mjs /cash-sale 'Scan a barcode'
import { forEachLoad, pageArgs } from './page-loads.mjs';
import { profileLoad } from './source-names.mjs';

// the page's own chunks only: puppeteer's polling for the text is evaluated as scripts too (pptr:)
const isTopLevel = (f) =>
  /^https?:/.test(f.url) && f.functionName === '' && f.lineNumber === 0 && f.columnNumber === 0;
const isRuntime = (f) => /rolldown-runtime/.test(f.url);
const byChunk = new Map();
const byCallee = new Map();
let loads = 0;
const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);

await forEachLoad(pageArgs(4), async ({ cdp, run, load }) => {
  loads++;
  const { profile, byId, parent, names } = await profileLoad(cdp, load);
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 100) / 1000;
    const js = [];
    for (let x = id; x !== undefined; x = parent.get(x)) if (byId.get(x).callFrame.url) js.push(byId.get(x));
    const root = js.at(-1);
    if (!root || !isTopLevel(root.callFrame)) return;
    total += dt;
    const chunk = root.callFrame.url.split('/').pop();
    add(byChunk, chunk, dt);
    let k = js.length - 2;
    while (k > 0 && isRuntime(js[k].callFrame)) k--;
    add(byCallee, k >= 0 ? names.get(js[k].id) : `(its own code) ${chunk}`, dt);
  });
  console.log(`load ${run + 1}: module evaluation ${total.toFixed(1)} ms`);
});

const print = (title, m, top) => {
  console.log(title);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(v / loads).toFixed(1).padStart(7)} ms  ${k}`);
};
print('per chunk (mean of the loads):', byChunk, 15);
print('per function its top level called (mean):', byCallee, Number(process.env.BENCH_TOP ?? 30));
