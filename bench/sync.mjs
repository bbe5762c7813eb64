// Sync figures (ADR 11 §10, "Speed"): a shop's SQLite database seeded with a busy day (2,000 sales)
// and a month offline (60,000), linked to a hosted server process on a fresh PostgreSQL database;
// the figure is the time from the first batch to "nothing waits" (every batch built, sent and
// applied), with the peak memory (VmHWM) of both processes. The shop's side runs in its own
// process (bench/sync-push.mjs) calling the push job's pushPending directly, so the 2-second tick
// is not in the figure. BENCH_SYNC_SALES=2000,60000 chooses the sizes; BENCH_SYNC_PROFILE=<dir>
// writes a CPU profile of each process there; BENCH_SYNC_SEED_DIR=<dir> keeps the seeded
// databases there and reuses them (the seeding time printed is then the copy's).
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedSales } from './sync-seed.mjs';

const TARGET_MS = { 2_000: 2_000, 60_000: 60_000 };
const n = (x) => Math.round(x).toLocaleString('en');
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
/** CPU seconds (user + system) a process used so far; 0 once it is gone. Clock ticks are 1/100 s on Linux. */
export function cpuS(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the PostgreSQL backends serving a database (the hosted server's pool). */
async function backendsCpuS(adminUrl, dbName) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query('select pid from pg_stat_activity where datname = $1', [dbName]);
    return new Map(rows.map((r) => [r.pid, cpuS(r.pid)]));
  } finally {
    await c.end();
  }
}

const peakKb = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

function run(root, args, env) {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      args,
      { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 24 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${args.join(' ')} failed: ${stdout}${stderr}`)) : resolve(stdout),
    ),
  );
}

const stopped = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** A hosted server process on a new database, with a placeholder business and a link code for it. */
export async function startHosted({ root, start, adminUrl, profile }) {
  const dbName = `duka_bench_sync_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-hosted-'));
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  };
  const flags = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=hosted-${Date.now()}.cpuprofile`]
    : [];
  const server = await start([...flags, 'apps/server/dist/main.js'], { ...env, PORT: '0' });
  const cli = (...args) => run(root, ['apps/server/dist/cli.js', ...args], env);
  const init = await cli(
    'init',
    ...[
      '--business',
      'Sync placeholder',
      '--admin-username',
      'web-owner',
      '--admin-password',
      'bench-pass-1',
    ],
    ...['--admin-name', 'Web Owner', '--currency', 'KES', '--timezone', 'Africa/Nairobi'],
  );
  const businessId = /\(id ([^)\s]+)\)/.exec(init)?.[1];
  if (!businessId) throw new Error(`no business id in: ${init}`);
  // A one-time code for a business (the placeholder first; after a link, the shop's).
  const linkCode = async (id) => {
    const printed = await cli('link-code', '--business-id', id);
    const found = printed
      .split(/\s+/)
      .map((t) => t.replace(/^[^0-9A-Z]+|[^0-9A-Z]+$/g, ''))
      .filter((t) => /^[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}$/.test(t))
      .at(-1)
      ?.replace('-', '');
    if (!found) throw new Error(`no link code in: ${printed}`);
    return found;
  };
  const code = await linkCode(businessId);
  const drop = async () => {
    await stopped(server.child);
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${dbName} with (force)`);
    await a.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const pgCpu = () => backendsCpuS(adminUrl, dbName);
  return { url: server.url, child: server.child, code, linkCode, dbUrl, businessId, drop, pgCpu };
}

/** What the hosted database holds of the shop after the push: sales, reversals, journal rows. */
async function hostedCounts(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const one = async (q) => Number((await c.query(q)).rows[0].n);
    return {
      sales: await one('select count(*) as n from sales'),
      reversals: await one('select count(*) as n from sale_reversals'),
      quarantined: await one('select count(*) as n from sync_quarantine'),
    };
  } finally {
    await c.end();
  }
}

async function pushChild(root, env, profile) {
  const flags = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, `--cpu-prof-name=local-${Date.now()}.cpuprofile`]
    : [];
  const out = await run(root, [...flags, 'bench/sync-push.mjs'], { ...process.env, ...env });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/**
 * The seeded database at `sqliteFile`. With BENCH_SYNC_SEED_DIR, a copy of the one seeded there
 * earlier for this size (seeded and kept on the first run), so a profile run skips the seeding.
 */
async function seeded_(sqliteFile, sales) {
  const keep = process.env.BENCH_SYNC_SEED_DIR;
  if (!keep) return seedSales({ sqliteFile, password: 'bench-pass-1', sales });
  fs.mkdirSync(keep, { recursive: true });
  const kept = path.join(keep, `sales-${sales}.sqlite`);
  if (!fs.existsSync(`${kept}.json`)) {
    const r = await seedSales({ sqliteFile: kept, password: 'bench-pass-1', sales });
    fs.writeFileSync(`${kept}.json`, JSON.stringify(r));
  }
  fs.copyFileSync(kept, sqliteFile);
  return JSON.parse(fs.readFileSync(`${kept}.json`, 'utf8'));
}

/** One size: seed, start the hosted side, link, push until nothing waits; prints the figures. */
async function oneSize({ root, start, adminUrl, sales, profile }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-sync-'));
  const sqliteFile = path.join(dir, 'duka.sqlite');
  const label = `sync: ${n(sales)} sales`;
  try {
    const t0 = Date.now();
    const seeded = await seeded_(sqliteFile, sales);
    console.log(
      `${`${label}, seeded`.padEnd(44)} ${n(seeded.sales)} sales + ${n(seeded.reversals)} reversals, ${n(seeded.entries)} journal entries in ${((Date.now() - t0) / 1000).toFixed(0)} s (through the services)`,
    );
    const hosted = await startHosted({ root, start, adminUrl, profile });
    try {
      const hostedCpu0 = cpuS(hosted.child.pid);
      const pgCpu0 = await hosted.pgCpu();
      const r = await pushChild(
        root,
        {
          SQLITE_FILE: sqliteFile,
          BUSINESS_ID: seeded.businessId,
          HOSTED_URL: hosted.url,
          LINK_CODE: hosted.code,
        },
        profile,
      );
      const hostedKb = peakKb(hosted.child.pid);
      const hostedCpu = cpuS(hosted.child.pid) - hostedCpu0;
      let pgCpu = 0;
      for (const [pid, s] of await hosted.pgCpu()) pgCpu += s - (pgCpu0.get(pid) ?? 0);
      const got = await hostedCounts(hosted.dbUrl);
      if (
        r.waiting !== 0 ||
        got.sales !== seeded.sales ||
        got.reversals !== seeded.reversals ||
        got.quarantined
      )
        throw new Error(`${label}: not all arrived: ${JSON.stringify({ push: r, hosted: got })}`);
      const target = TARGET_MS[sales];
      console.log(
        `${`${label}, pushed and applied`.padEnd(44)} ${(r.pushMs / 1000).toFixed(2)} s, ${n((sales / r.pushMs) * 1000)} sales/s, ${r.outcome.batches} batches${target ? `; aim: < ${target / 1000} s` : ''} (link ${r.linkMs.toFixed(0)} ms)`,
      );
      console.log(
        `${`${label}, peak memory (VmHWM)`.padEnd(44)} shop ${mb(r.peakKb)} (${mb(r.peakKbBefore)} before linking), hosted ${mb(hostedKb)}`,
      );
      console.log(
        `${`${label}, CPU time`.padEnd(44)} shop ${r.cpuS.toFixed(2)} s, hosted ${hostedCpu.toFixed(2)} s, its PostgreSQL ${pgCpu.toFixed(2)} s`,
      );
    } finally {
      await hosted.drop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A built server process (node `args`), answered once it prints its address; pushed onto
 * `children` at once when given, so a caller stops it even if it never starts.
 */
export function startServer(root, args, env, children) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    children?.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/(?:ready|running at) (http:\/\/[^\s]+)/);
      if (m) resolve({ child, url: m[1].replace('localhost', '127.0.0.1') });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/**
 * The sync figures; `adminUrl` is a PostgreSQL URL allowed to create and drop databases (each
 * size gets its own, dropped after).
 */
export async function syncFigures({ root, adminUrl }) {
  const start = (args, env) => startServer(root, args, env);
  const sizes = (process.env.BENCH_SYNC_SALES ?? '2000,60000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((s) => s > 0);
  const profile = process.env.BENCH_SYNC_PROFILE ? path.resolve(process.env.BENCH_SYNC_PROFILE) : undefined;
  if (profile) fs.mkdirSync(profile, { recursive: true });
  console.log('\nSync, shop (SQLite) to hosted (PostgreSQL), from link to nothing waiting:');
  for (const sales of sizes) await oneSize({ root, start, adminUrl, sales, profile });
  // Part 2: two branches' day exchanged among three servers (dynamic: the module imports this one).
  const { branchFigures } = await import('./sync-branches.mjs');
  await branchFigures({ root, adminUrl });
}

// `node bench/sync.mjs` runs these figures alone (needs the built server). Not awaited at the top
// level: sync-branches.mjs imports this module, and its import would wait for this module's
// evaluation, which would wait for it (Node then exits with nothing printed of the branches).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  syncFigures({
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    adminUrl:
      process.env.BENCH_PG_ADMIN_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  }).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
