#!/usr/bin/env node
// What React's longest piece of work in a page's first load spends its time on (issue 21): loads a
// page of the built app on a fresh local server (signed in, except `/login`) at 4× slower CPU,
// takes a CPU profile until the given text shows and a moment after, finds the longest run of
// samples under React's scheduler task, and prints its self and inclusive time by function. With
// source maps in the build (`cd apps/web && npx vite build --sourcemap`) the functions are the
// sources' (components, hooks, libraries' files); without them nothing is found.
//   node bench/profile-task.mjs /cash-sale 'Scan a barcode'
import { forEachLoad, pageArgs } from './page-loads.mjs';
import { profileLoad } from './source-names.mjs';

const ms = (us) => (us / 1000).toFixed(1).padStart(7);
await forEachLoad(pageArgs(), async ({ cdp, run, load }) => {
  const { profile, byId, parent, names } = await profileLoad(cdp, load);
  const stackOf = (id) => {
    const s = [];
    for (let x = id; x !== undefined; x = parent.get(x)) s.push(byId.get(x));
    return s;
  };
  // React's scheduler runs its work from a MessageChannel, in `performWorkUntilDeadline` (named
  // through the source maps; without them, any frame of React's work loop)
  const scheduled = (stack) =>
    stack.some((n) => /^(performWorkUntilDeadline|performWorkOnRoot\w*) /.test(names.get(n.id)));
  const tasks = [];
  let cur = null;
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (!scheduled(stackOf(id))) return;
    if (!cur || t - cur.end > 2000) tasks.push((cur = { start: t, end: t, samples: [] }));
    cur.end = t;
    cur.samples.push([id, profile.timeDeltas[i + 1] ?? 100]);
  });
  // BENCH_TASKS=n prints the n longest runs, in the order they ran, instead of the longest alone
  const longest = tasks.sort((a, b) => b.end - b.start - (a.end - a.start));
  const picked = longest.slice(0, Number(process.env.BENCH_TASKS ?? 1)).sort((a, b) => a.start - b.start);
  if (!picked.length) {
    console.log(`load ${run + 1}: no work of React's scheduler found (is the build made with source maps?)`);
    return;
  }
  for (const task of picked)
    printTask(run, task, profile.startTime, (id) => stackOf(id).map((n) => names.get(n.id)));
});

/** One run of React's work: its functions by self and inclusive time. */
function printTask(run, task, startTime, namedStack) {
  console.log(
    `load ${run + 1}: a run of React's work at ${ms(task.start - startTime).trim()} ms, ${ms(task.end - task.start).trim()} ms long`,
  );
  const self = new Map();
  const incl = new Map();
  for (const [id, dt] of task.samples) {
    const stack = namedStack(id);
    self.set(stack[0], (self.get(stack[0]) ?? 0) + dt);
    for (const name of new Set(stack)) incl.set(name, (incl.get(name) ?? 0) + dt);
  }
  console.log('  self:');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${ms(v)} ms  ${k}`);
  console.log('  inclusive:');
  // BENCH_ONLY_SRC=1: the app's own functions alone (src/)
  const shown = [...incl].filter(([k]) => !process.env.BENCH_ONLY_SRC || /^\S+ src\//.test(k));
  for (const [k, v] of shown.sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_TOP ?? 50)))
    console.log(`  ${ms(v)} ms  ${k}`);
}
