#!/usr/bin/env node
// Each task of React's scheduler while a page of the built app loads (issue 21): loads the page as
// the other page scripts do (page-loads.mjs: fresh local server, signed in except `/login`, a
// phone-sized tab, the CPU slowed BENCH_CPU_SLOWDOWN times, default 4), times every message of the
// scheduler's MessageChannel (React renders, commits and runs effects in them) and notes when in the
// task each commit ended and how many elements the page had gained. A task with two commits is a
// render set off by the first commit's layout effects or refs (setState as a component mounts):
// React runs it at once, and first every passive effect of the first commit. Tasks under
// BENCH_MIN_MS (default 4) without a commit are left out.
//   node bench/scheduler-tasks.mjs /cash-sale 'Scan a barcode'
//   BENCH_WIDTH=1280: a shop PC's window instead of a phone's (the side menu shown)
import { recordSchedulerTasks } from '../e2e/support/scheduler-tasks.mjs';
import { forEachLoad, pageArgs } from './page-loads.mjs';

const minMs = Number(process.env.BENCH_MIN_MS ?? 4);
const width = Number(process.env.BENCH_WIDTH ?? 0);

await forEachLoad(pageArgs(), async ({ tab, run, load }) => {
  if (width) await tab.setViewport({ width, height: 900 });
  await tab.evaluateOnNewDocument(recordSchedulerTasks);
  await load();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const tasks = await tab.evaluate(() => globalThis.__schedulerTasks);
  const shown = tasks.filter((t) => t.commits.length || t.ms >= minMs);
  const long = tasks.filter((t) => t.ms >= 50).length;
  const doubled = tasks.filter((t) => t.commits.length > 1).length;
  console.log(
    `load ${run + 1}: ${tasks.length} scheduler tasks, ${long} of 50 ms or more, ${doubled} with more than one commit`,
  );
  for (const t of shown) {
    const commits = t.commits.map((c) => `${c.at.toFixed(1)} ms (+${c.added}, depth ${c.depth})`).join(', ');
    console.log(
      `  @${Math.round(t.at)}  ${t.ms.toFixed(1).padStart(6)} ms  ${commits ? `commits at ${commits}` : ''}`,
    );
  }
});
