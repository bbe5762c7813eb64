#!/usr/bin/env node
// `npm test`: every suite. Type check and lint, unit and server tests (SQLite always, PostgreSQL
// too when DATABASE_URL is set), then the end-to-end journeys in real Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (ci && !process.env.DATABASE_URL) {
  console.error('CI must set DATABASE_URL so the server suites also run on PostgreSQL.');
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the server suites run on SQLite only.');
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['Type check', 'npm', ['run', 'typecheck', '--silent']],
  ['Lint', 'npm', ['run', 'lint', '--silent']],
  ['Unit and server tests', bin('vitest'), ['run']],
  ['Build', process.execPath, [path.join(root, 'scripts/ensure-built.mjs')]],
  ['End-to-end tests', bin('playwright'), ['test']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${r.status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (r.status !== 0) {
    console.error(`\n${results.join('\n')}\n\n${name} failed.`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}`);
