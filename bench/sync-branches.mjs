// Sync part 2's figure (ADR 11 §11.8): a day's 2,000 sales at each of two shop PCs exchanged
// among three servers (each PC pushes its own, then pulls the other's through the hosted site),
// timed from the first push to nothing left anywhere, with the bytes on the wire per sale. The
// shops run in their own processes through the services (as their push and pull jobs would call them);
// the hosted server is its own process on a fresh PostgreSQL database, reached through a counting
// TCP relay. It prints the CPU time of each process in the window; PROFILE_DIR=<dir> writes a
// CPU profile of each shop process and of the hosted one there. `node bench/sync-branches.mjs` runs
// it alone (after `npm run build`).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '../apps/server/dist/db/database.js';
import { joinHosted, linkOf, linkToHosted } from '../apps/server/dist/modules/sync/link-local.js';
import { pullPending } from '../apps/server/dist/modules/sync/pull.js';
import { pushPending } from '../apps/server/dist/modules/sync/push.js';
import { seedSales, sellDay } from './sync-seed.mjs';
import { cpuS, startHosted, startServer } from './sync.mjs';

const KEYS = { keyEncryptionKey: undefined };
const TARGET_MS = 3_000;

/** A TCP relay to `port` that counts the bytes each way. */
function countingRelay(port) {
  const counted = { up: 0, down: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    client.on('data', (d) => (counted.up += d.length));
    upstream.on('data', (d) => (counted.down += d.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, counted, close: () => server.close() }),
    ),
  );
}

const deps = (db) => ({ db, keys: KEYS, now: () => new Date() });
const linkRow = async (db, id) => linkOf(db, id);

/** A shop PC in its own process (sync-branch-child.mjs); `round()` answers whether anything moved. */
function shopProcess(sqliteFile, businessId) {
  const child = fork(path.join(import.meta.dirname, 'sync-branch-child.mjs'), [], {
    execArgv: process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [],
    env: { ...process.env, SQLITE_FILE: sqliteFile, BUSINESS_ID: businessId },
  });
  let waiting = null;
  child.on('message', (m) => {
    const w = waiting;
    waiting = null;
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.moved ?? true);
  });
  const ask = (msg) =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      if (msg) child.send(msg);
    });
  return { pid: child.pid, ready: ask(null), round: () => ask('round'), stop: () => child.send('stop') };
}

/**
 * Both PCs exchange at once, each in its own process as two shops would be (each pushes, then
 * pulls, overlapping with the other and with the hosted side), until a whole round moves nothing;
 * answers the rounds.
 */
async function exchange(shops) {
  for (let n = 1; n <= 10; n++) {
    const moved = await Promise.all(shops.map((s) => s.round()));
    if (!moved.some(Boolean)) return n;
  }
  throw new Error('the servers did not settle in 10 rounds');
}

async function count(db, businessId) {
  const row = await db.kysely
    .selectFrom('sales')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('business_id', '=', businessId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The figure; `adminUrl` may create and drop databases. */
export async function branchFigures({ root, adminUrl, sales = 2_000 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-branches-'));
  const hosted = await startHosted({
    root,
    start: (args, env) => startServer(root, args, env),
    adminUrl,
    profile: process.env.PROFILE_DIR,
  });
  const relay = await countingRelay(Number(new URL(hosted.url).port));
  try {
    // Yesterday's state: the first shop linked with a day of history, the second branch joined.
    const seeded = await seedSales({
      sqliteFile: path.join(dir, 'a.sqlite'),
      password: 'bench-pass-1',
      sales,
    });
    const a = openDatabase({ sqliteFile: path.join(dir, 'a.sqlite') });
    const b = openDatabase({ sqliteFile: path.join(dir, 'b.sqlite') });
    await migrate(b);
    const id = seeded.businessId;
    await linkToHosted(a, id, relay.url, hosted.code, KEYS, new Date().toISOString(), 'Branch A');
    await pushPending(deps(a), await linkRow(a, id));
    await joinHosted(b, relay.url, await hosted.linkCode(id), KEYS, new Date().toISOString(), 'Branch B');
    await pullPending(deps(b), await linkRow(b, id));
    // Today: each branch sells a day's worth while apart.
    await sellDay({ db: a, businessId: id, sales, seed: 21, tag: 'A' });
    await sellDay({ db: b, businessId: id, sales, seed: 22, tag: 'B' });
    const expected = (await count(a, id)) + sales;
    const shops = [shopProcess(path.join(dir, 'a.sqlite'), id), shopProcess(path.join(dir, 'b.sqlite'), id)];
    await Promise.all(shops.map((s) => s.ready));
    relay.counted.up = 0;
    relay.counted.down = 0;
    const cpu0 = {
      shops: shops.map((s) => cpuS(s.pid)),
      hosted: cpuS(hosted.child.pid),
      pg: await hosted.pgCpu(),
    };
    const t0 = performance.now();
    const rounds = await exchange(shops);
    const ms = performance.now() - t0;
    const shopsCpu = shops.map((s, i) => cpuS(s.pid) - cpu0.shops[i]);
    const hostedCpu = cpuS(hosted.child.pid) - cpu0.hosted;
    let pgCpu = 0;
    for (const [pid, s] of await hosted.pgCpu()) pgCpu += s - (cpu0.pg.get(pid) ?? 0);
    for (const s of shops) s.stop();
    const got = [await count(a, id), await count(b, id)];
    if (got.some((n) => n !== expected)) throw new Error(`not all arrived: ${got} of ${expected}`);
    const bytes = relay.counted.up + relay.counted.down;
    console.log(
      `${'sync: 2 branches × ' + sales.toLocaleString('en') + ' sales, exchanged'}`.padEnd(44) +
        ` ${(ms / 1000).toFixed(2)} s (${rounds} rounds; aim: < ${TARGET_MS / 1000} s), ` +
        `${Math.round(bytes / (2 * sales)).toLocaleString('en')} bytes per sale on the wire ` +
        `(${(relay.counted.up / 1e6).toFixed(1)} MB up, ${(relay.counted.down / 1e6).toFixed(1)} MB down)`,
    );
    console.log(
      `${'sync: 2 branches, CPU time'.padEnd(44)} shops ${shopsCpu.map((c) => c.toFixed(2)).join(' + ')} s, ` +
        `hosted ${hostedCpu.toFixed(2)} s, its PostgreSQL ${pgCpu.toFixed(2)} s (2 cores: the floor is half the sum)`,
    );
    await a.close();
    await b.close();
  } finally {
    relay.close();
    await hosted.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Alone: `node bench/sync-branches.mjs` (BENCH_BRANCH_SALES, default 2,000 per branch).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await branchFigures({
    root: path.resolve(import.meta.dirname, '..'),
    adminUrl:
      process.env.BENCH_PG_ADMIN_URL ||
      process.env.DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres',
    sales: Number(process.env.BENCH_BRANCH_SALES ?? 2_000),
  });
}
