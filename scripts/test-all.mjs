#!/usr/bin/env node
// `npm test`: every suite. Type check, lint and build (side by side), unit and server tests
// (SQLite always, PostgreSQL too when DATABASE_URL is set), then the end-to-end journeys in real
// Chromium.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eBrowserPath } from '../e2e/support/browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = e2eBrowserPath();

if (ci && !process.env.DATABASE_URL) {
  console.error('CI must set DATABASE_URL so the server suites also run on PostgreSQL.');
  process.exit(1);
}
if (!fs.existsSync(chromium)) {
  console.error(
    `No Chromium at ${chromium}: install it (apt-get install -y chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log(`The end-to-end journeys run on ${chromium}.`);
if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: the server suites run on SQLite only.');
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/** Steps in order; the steps of one inner list run at the same time, each printed whole when it ends. */
const steps = [
  // The type check ends about a minute and a half before the lint: the build takes that core.
  [
    ['Type check', 'npm', ['run', 'typecheck', '--silent']],
    ['Lint', 'npm', ['run', 'lint', '--silent']],
    ['Build', process.execPath, [path.join(root, 'scripts/ensure-built.mjs')]],
  ],
  [['Unit and server tests', bin('vitest'), ['run']]],
  // The sync journeys start their own servers and use no browser and about one core: they run
  // beside the browser journeys (which keep the other), in their own output folder.
  [
    [
      'End-to-end tests',
      bin('playwright'),
      ['test', '--project=local', '--project=hosted'],
      { stream: true },
    ],
    [
      'Sync end-to-end tests',
      bin('playwright'),
      ['test', '--project=sync'],
      { env: { DUKA_E2E_OUTPUT: 'test-results-sync' } },
    ],
  ],
];

/**
 * Runs one step: its output straight through when alone or marked `stream` (one per group), else
 * kept and printed once it ends.
 */
function run([name, cmd, args, opts = {}], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const stream = alone || opts.stream;
    if (stream) console.log(`\n=== ${name} ===`);
    const env = { ...process.env, ...opts.env };
    const child = spawn(cmd, args, { cwd: root, stdio: stream ? 'inherit' : 'pipe', env });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      if (!stream) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(out).toString()}`);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ name, ok: code === 0, line: `${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)` });
    });
  });
}

const results = [];
for (const group of steps) {
  const done = await Promise.all(group.map((step) => run(step, group.length === 1)));
  results.push(...done.map((d) => d.line));
  const failed = done.filter((d) => !d.ok);
  if (failed.length) {
    console.error(`\n${results.join('\n')}\n\n${failed.map((d) => d.name).join(', ')} failed.`);
    process.exit(1);
  }
}
console.log(`\n${results.join('\n')}`);
