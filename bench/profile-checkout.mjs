#!/usr/bin/env node
// Checkout alone, for profiling: a fresh local server (optionally under --cpu-prof, set
// PROFILE_DIR), a 3-line cash sale at 32 connections for BENCH_SECONDS (default 10), then GET
// /api/me. `node bench/profile-checkout.mjs` prints sales/s and p99; with PROFILE_DIR the server
// writes a .cpuprofile there on exit (open it in Chrome's DevTools, or
// `node bench/profile-summary.mjs <file>`). BENCH_ONLY=me leaves the sales out, so the profile is
// GET /api/me's alone; BENCH_ONLY=sales leaves GET /api/me out. STATEMENT_TIMES=1 prints the time of each SQL statement the sales ran
// (bench/statement-times-hook.mjs), average per run, slowest in total first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { checkoutLoad, prepareCheckout } from './checkout.mjs';
import { cpuS, startServer } from './sync.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-prof-'));
const profileDir = process.env.PROFILE_DIR;
const statementFile = process.env.STATEMENT_TIMES ? path.join(dataDir, 'statements.txt') : undefined;
const { child, url } = await startServer(
  root,
  [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...(statementFile ? ['--import', path.join(root, 'bench/statement-times-hook.mjs')] : []),
    'apps/server/dist/main.js',
  ],
  {
    ...process.env,
    ...(statementFile ? { DUKA_BENCH_STATEMENT_FILE: statementFile } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: '',
  },
);
try {
  const setup = await fetch(`${url}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_name: 'Bench shop', username: 'owner', password: 'bench-pass-1' }),
  });
  const cookie = setup.headers.get('set-cookie').split(';')[0];
  /** The load for the whole of BENCH_SECONDS after a 2-second warm-up, with the server's CPU per request. */
  /** The statements' table since the last call (STATEMENT_TIMES), once the server has written it. */
  const statements = async () => {
    if (!statementFile) return '';
    fs.rmSync(statementFile, { force: true });
    child.kill('SIGUSR2');
    for (let i = 0; i < 50 && !fs.existsSync(statementFile); i++) await new Promise((r) => setTimeout(r, 20));
    return fs.readFileSync(statementFile, 'utf8');
  };
  const measured = async (load) => {
    await autocannon({ ...load, connections: 32, duration: 2 });
    await statements();
    const cpu0 = cpuS(child.pid);
    const r = await autocannon({ ...load, connections: 32, duration: seconds });
    if (r.errors || r.non2xx) throw new Error(`${r.errors} errors, ${r.non2xx} non-2xx`);
    const cpuMs = ((cpuS(child.pid) - cpu0) * 1000) / r.requests.total;
    return `${Math.round(r.requests.average)}/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, server CPU ${cpuMs.toFixed(3)} ms each`;
  };
  if (process.env.BENCH_ONLY !== 'me') {
    const template = await prepareCheckout(url, cookie);
    console.log(`POST /api/sales: ${await measured(checkoutLoad(url, cookie, template))}`);
    if (statementFile)
      console.log(`statements of the sales (average time per run × runs):\n${await statements()}`);
  }
  if (process.env.BENCH_ONLY !== 'sales') {
    console.log(`GET /api/me:     ${await measured({ url: `${url}/api/me`, headers: { cookie } })}`);
    if (statementFile) console.log(`statements of GET /api/me:\n${await statements()}`);
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
