#!/usr/bin/env node
// Builds what is missing or older than its sources (server, web app, printer helper), so `npm start`
// and the e2e journeys work on a fresh clone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverOnly = process.argv.includes('--server-only');

if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are missing: run `npm install` first.');
  process.exit(1);
}

/** Newest modification time under the given paths, ignoring tests. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) {
      max = Math.max(max, st.mtimeMs);
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return max;
}

const mtime = (p) => (fs.existsSync(path.join(root, p)) ? fs.statSync(path.join(root, p)).mtimeMs : 0);

const targets = [
  {
    // with the helper's raw-print.ts, the one network printing code (tsc -b builds the references)
    name: 'server',
    sources: [
      'packages/domain/src',
      'apps/printer-helper/src/raw-print.ts',
      'apps/server/src',
      'apps/server/tsconfig.json',
      'tsconfig.base.json',
    ],
    output: 'apps/server/dist/main.js',
    run: [
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/domain', 'apps/server'],
    ],
  },
  {
    name: 'web app',
    sources: [
      'packages/domain/src',
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
    ],
    output: 'apps/web/dist/index.html',
    run: ['npm', ['run', 'build', '--silent', '-w', 'apps/web']],
  },
  {
    // The e2e printing journeys start the built helper (node apps/printer-helper/dist/bin.js).
    name: 'printer helper',
    sources: ['apps/printer-helper/src', 'apps/printer-helper/tsconfig.json', 'tsconfig.base.json'],
    output: 'apps/printer-helper/dist/bin.js',
    run: [
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/printer-helper'],
    ],
  },
];

for (const t of serverOnly ? targets.slice(0, 1) : targets) {
  if (mtime(t.output) >= newest(t.sources)) continue;
  process.stdout.write(`Building the ${t.name}…\n`);
  const started = Date.now();
  const r = spawnSync(t.run[0], t.run[1], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`Building the ${t.name} failed.`);
    process.exit(r.status ?? 1);
  }
  // tsc -b leaves outputs untouched when nothing changed; mark the output as current.
  const out = path.join(root, t.output);
  if (fs.existsSync(out)) fs.utimesSync(out, new Date(), new Date());
  process.stdout.write(`Built the ${t.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}
