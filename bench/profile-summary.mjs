#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof, PROFILE_DIR of bench/profile-checkout.mjs): self
// time per package or file, and the top functions by self time.
//   node bench/profile-summary.mjs /tmp/prof/CPU.….cpuprofile [top=30]
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** node_modules/<package> or the file under apps/… or packages/…, else the kind of frame. */
function where(url) {
  if (!url) return '(native/VM)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const own = /\/((?:apps|packages)\/.*)$/.exec(url);
  if (own) return own[1];
  if (url.startsWith('node:')) return url;
  return url;
}
const groups = new Map();
const fns = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const g = where(cf.url);
  groups.set(g, (groups.get(g) ?? 0) + t);
  const name = `${cf.functionName || '(anonymous)'} ${g}:${cf.lineNumber + 1}`;
  fns.set(name, (fns.get(name) ?? 0) + t);
}
// Inclusive time per function: its own samples and those of everything it called (counted once
// per sample even when the function is on the stack more than once).
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const cf = byId.get(at).callFrame;
    const name = `${cf.functionName || '(anonymous)'} ${where(cf.url)}:${cf.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    incl.set(name, (incl.get(name) ?? 0) + t);
  }
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(2)} s sampled`);
console.log('\nby package or file:');
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${g}`);
console.log('\ntop functions (self):');
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${f}`);

console.log('\ntop functions (inclusive, own files and packages):');
for (const [f, t] of [...incl]
  .filter(([f]) => !/\(root\)|\(program\)|\(idle\)|node:/.test(f))
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`${pct(t)}  ${f}`);
