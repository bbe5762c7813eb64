#!/usr/bin/env node
// Before/after on a busy machine: the same figures for two (or more) builds of the server,
// measured one after the other in rounds, so each pair saw the same load (issue 21).
//
//   node bench/compare-server.mjs [root ...]
//
// Each root is a checkout with a built server (apps/server/dist/main.js); the default is this
// repository. A commit to compare against: `git worktree add /tmp/before <commit>`, then in it
// `npm ci && npm run build -w packages/domain && npm run build -w apps/server`. Per round: the calibration loop, the bare Fastify route, then for each root (the
// order flips every round) a fresh local server with one business: GET /api/health and GET
// /api/me at 32 connections, then a 3-line cash sale (POST /api/sales) at 32 connections. Printed
// per figure: requests/s, p50/p99, and the server process's CPU per request (user + system, from
// /proc), which moves less with the machine's load than throughput does.
// BENCH_SECONDS (default 5) per figure; BENCH_ROUNDS (default 3).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { checkoutLoad, prepareCheckout } from './checkout.mjs';
import { cpuS, startServer } from './sync.mjs';
import { calibrationMs } from './calibrate.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = process.argv.slice(2).map((r) => path.resolve(r));
if (roots.length === 0) roots.push(here);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 32;

async function measure(pid, opts) {
  await autocannon({ connections, ...opts, duration: 2 }); // warm-up
  const cpu0 = cpuS(pid);
  const r = await autocannon({ connections, duration: seconds, ...opts });
  if (r.errors || r.non2xx) throw new Error(`${opts.url}: ${r.errors} errors, ${r.non2xx} non-2xx`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuMs: ((cpuS(pid) - cpu0) * 1000) / r.requests.total,
  };
}

const fmt = (x, base) =>
  `${Math.round(x.rps).toLocaleString('en').padStart(7)} req/s${base ? ` (${((x.rps / base.rps) * 100).toFixed(0).padStart(2)}%)` : ''}  p50 ${String(x.p50).padStart(3)} ms  p99 ${String(x.p99).padStart(4)} ms${x.cpuMs === undefined ? '' : `  CPU ${x.cpuMs.toFixed(3)} ms/req`}`;

async function figuresOf(root, base) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-compare-'));
  const { child, url } = await startServer(root, ['apps/server/dist/main.js'], {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
  });
  try {
    const setup = await fetch(`${url}/api/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ business_name: 'Bench shop', username: 'owner', password: 'bench-pass-1' }),
    });
    const cookie = setup.headers.get('set-cookie').split(';')[0];
    const health = await measure(child.pid, { url: `${url}/api/health` });
    const me = await measure(child.pid, { url: `${url}/api/me`, headers: { cookie } });
    const template = await prepareCheckout(url, cookie);
    const sale = await measure(child.pid, checkoutLoad(url, cookie, template));
    console.log(`  ${root}`);
    console.log(`    GET /api/health  ${fmt(health, base)}`);
    console.log(`    GET /api/me      ${fmt(me, base)}`);
    console.log(`    POST /api/sales  ${fmt(sale, base)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let round = 1; round <= rounds; round++) {
  console.log(
    `Round ${round}: calibration loop ${calibrationMs().toFixed(0)} ms, load ${os.loadavg()[0].toFixed(1)}`,
  );
  const bare = await startServer(here, ['bench/bare-server.mjs'], { ...process.env, PORT: '0' });
  let base;
  try {
    base = await measure(bare.child.pid, { url: `${bare.url}/json` });
    console.log(`  bare Fastify GET /json ${fmt(base)}`);
  } finally {
    bare.child.kill('SIGTERM');
    await new Promise((r) => bare.child.once('exit', r));
  }
  const order = round % 2 === 1 ? roots : [...roots].reverse();
  for (const root of order) await figuresOf(root, base);
}
