#!/usr/bin/env node
// CPU per request inside the server process, without sockets or a load generator: steadier than
// throughput on a shared machine, for before/after of the server's own work (issue 21).
//
//   node bench/inject-cpu.mjs [root ...]
//
// For each root (a checkout with a built server; default this repository), in turns, a child
// process builds the app on a fresh SQLite folder, sets a business up, and answers through
// Fastify's inject: GET /api/health, GET /api/me, and 3-line cash sales (POST /api/sales), 32 at a
// time as 32 tills would send them. Printed: CPU (user + system) per request. BENCH_ROUNDS
// (default 3) turns; BENCH_REQUESTS (default 3000) per figure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');

async function child(root) {
  const n = Number(process.env.BENCH_REQUESTS ?? 3000);
  const server = (p) => import(path.join(root, 'apps/server/dist', p));
  const { loadConfig } = await server('config.js');
  const { createServer } = await server('bootstrap.js');
  const { newId } = await server('lib/ids.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-inject-'));
  const { app } = await createServer(
    loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'info' }),
  );
  try {
    const call = async (method, url, payload, cookie) => {
      const r = await app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r;
    };
    const setup = await call('POST', '/api/setup', {
      business_name: 'Bench shop',
      username: 'owner',
      password: 'bench-pass-1',
    });
    const cookie = [setup.headers['set-cookie']]
      .flat()
      .find((c) => c.startsWith('duka_session='))
      .split(';')[0];
    const [location] = (await call('GET', '/api/locations', undefined, cookie)).json();
    const supplier = (await call('POST', '/api/suppliers', { name: 'S' }, cookie)).json();
    const products = [];
    for (const [name, price] of [
      ['Sugar 1 kg', 18_000],
      ['Bread', 6_500],
      ['Milk 500 ml', 6_000],
    ])
      products.push(
        (
          await call(
            'POST',
            '/api/products',
            { name, code: `B${products.length}`, price, tax_rate: 1600 },
            cookie,
          )
        ).json(),
      );
    await call(
      'POST',
      '/api/stock/receipts',
      {
        id: newId(),
        supplier_id: supplier.id,
        location_id: location.id,
        lines: products.map((p) => ({ product_id: p.id, quantity: 1_000_000_000, unit_cost: 1_000 })),
      },
      cookie,
    );
    const sale = () => ({
      id: newId(),
      kind: 'cash',
      location_id: location.id,
      lines: products.map((p, i) => ({ product_id: p.id, quantity: 1000 * (i + 1) })),
      tendered: 100_000,
    });
    /** CPU ms per request of `count` requests made by `one`, 32 at a time. */
    const cpuPer = async (one, count) => {
      for (let i = 0; i < 320; i += 32) await Promise.all(Array.from({ length: 32 }, one)); // warm-up
      const c0 = process.cpuUsage();
      for (let i = 0; i < count; i += 32) await Promise.all(Array.from({ length: 32 }, one));
      const c = process.cpuUsage(c0);
      return (c.user + c.system) / 1000 / (Math.ceil(count / 32) * 32);
    };
    const health = await cpuPer(() => call('GET', '/api/health'), n);
    const me = await cpuPer(() => call('GET', '/api/me', undefined, cookie), n);
    const sales = await cpuPer(() => call('POST', '/api/sales', sale(), cookie), n);
    process.stdout.write(JSON.stringify({ health, me, sales }));
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.env.INJECT_CPU_ROOT) {
  await child(process.env.INJECT_CPU_ROOT);
} else {
  const roots = process.argv.slice(2).map((r) => path.resolve(r));
  if (roots.length === 0) roots.push(repo);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const all = new Map(roots.map((r) => [r, []]));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? roots : [...roots].reverse();
    for (const root of order) {
      const out = execFileSync(process.execPath, [here], {
        env: { ...process.env, INJECT_CPU_ROOT: root },
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      const r = JSON.parse(out.slice(out.lastIndexOf('{')));
      all.get(root).push(r);
      console.log(
        `round ${round} ${root}: CPU per request: health ${r.health.toFixed(3)} ms, me ${r.me.toFixed(3)} ms, sale ${r.sales.toFixed(3)} ms (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log('\nmedian CPU per request (ms):      health    me       sale');
  for (const [root, rs] of all)
    console.log(
      `${root.padEnd(32)}  ${median(rs.map((r) => r.health)).toFixed(3)}    ${median(rs.map((r) => r.me)).toFixed(3)}    ${median(rs.map((r) => r.sales)).toFixed(3)}`,
    );
}
