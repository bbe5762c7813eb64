// Sync's bulk insert on PostgreSQL (modules/sync/insert-rows.ts), the way a hosted server writes a
// pushed day of a shop: 2,000 sales with 6,000 lines, 6,000 stock movements and 2,000 journal
// entries, in one transaction, into tables made like the real ones. The landed form (one array per
// column, read back by `unnest`) is measured in turns with the earlier one (the rows as one JSON
// parameter read by `json_populate_recordset`, until the twenty-sixth session), in the same run:
// the wall time, this process's CPU, the PostgreSQL backend's CPU (from /proc, 10 ms ticks) and
// the bytes of the statements and their parameters. `node bench/insert-rows.mjs` after
// `npm run build` (DATABASE_URL defaults to the local `test` database); `npm run bench` runs it
// after the sync figures.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase } from '../apps/server/dist/db/database.js';
import { insertRows } from '../apps/server/dist/modules/sync/insert-rows.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

/** Bytes of every statement's text and text parameters sent (counted while `counting`). */
let sent = 0;
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(config, values, cb) {
  if (counting) {
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const params = Array.isArray(values) ? values : (config?.values ?? []);
    sent += Buffer.byteLength(text);
    for (const p of params) sent += typeof p === 'string' ? Buffer.byteLength(p) : 8;
  }
  return query.call(this, config, values, cb);
};

/** The figures, in a schema of their own in `adminUrl`'s database (dropped after). */
export async function insertRowsFigures({ adminUrl }) {
  const schema = `bench_insert_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = openDatabase({ databaseUrl: adminUrl, pgSchema: schema });
  try {
    await figures(db);
  } finally {
    await db.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

async function figures(db) {
  await migrate(db);
  const counts = { sales: 2_000, sale_lines: 6_000, stock_movements: 6_000, journal: 2_000 };
  const business = randomUUID();
  const value = (name, type, i) => {
    if (name === 'business_id') return business;
    if (type === 'bigint' || type === 'integer') return ((i * 37) % 100_000) - 500;
    if (name.endsWith('_at')) return new Date(1_790_000_000_000 + i * 1_000).toISOString();
    if (name === 'id' || name.endsWith('_id')) return randomUUID();
    if (name === 'name') return `Maize flour ${i % 300} — 2 kg`;
    return `v${i % 13}`;
  };
  const data = {};
  for (const table of Object.keys(counts)) {
    await sql.raw(`create table probe_${table} (like ${table} including defaults)`).execute(db.kysely);
    const { rows: cols } = await sql`select attname as name, format_type(atttypid, atttypmod) as type
      from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(
      db.kysely,
    );
    data[table] = Array.from({ length: counts[table] }, (_, i) =>
      Object.fromEntries(cols.map((c) => [c.name, value(c.name, c.type, i)])),
    );
  }
  const asJson = async (trx, table, rows) => {
    const cols = sql.join(Object.keys(rows[0]).map((c) => sql.ref(c)));
    for (let i = 0; i < rows.length; i += 5_000)
      await sql`INSERT INTO ${sql.table(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows.slice(i, i + 5_000))}::json)`.execute(
        trx,
      );
  };
  const byColumn = (trx, table, rows) => insertRows(trx, 'postgres', table, rows);
  const backendMs = (pid) => {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const runs = { 'JSON (before)': [], 'by column': [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? ['by column', 'JSON (before)'] : ['JSON (before)', 'by column'];
    for (const name of order) {
      const write = name === 'by column' ? byColumn : asJson;
      await db.kysely.connection().execute(async (c) => {
        for (const table of Object.keys(counts)) await sql.raw(`truncate probe_${table}`).execute(c);
        const { rows } = await sql`select pg_backend_pid() as pid`.execute(c);
        const pid = rows[0].pid;
        const b0 = backendMs(pid);
        const c0 = process.cpuUsage();
        sent = 0;
        counting = true;
        const w0 = performance.now();
        await c.transaction().execute(async (trx) => {
          for (const table of Object.keys(counts)) await write(trx, `probe_${table}`, data[table]);
        });
        const wall = performance.now() - w0;
        counting = false;
        const cpu = process.cpuUsage(c0);
        // the first two rounds warm the caches and the JIT
        if (round >= 2)
          runs[name].push({
            wall,
            node: (cpu.user + cpu.system) / 1_000,
            pg: backendMs(pid) - b0,
            mb: sent / 1e6,
          });
      });
    }
  }
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `sync: a pushed day written (2,000 sales, 16,000 rows; ${ROUNDS - 2} runs each in turns, medians)`,
  );
  for (const [name, rs] of Object.entries(runs))
    console.log(
      `  ${name.padEnd(14)} wall ${med(rs.map((r) => r.wall)).toFixed(0)} ms, this process ${med(rs.map((r) => r.node)).toFixed(0)} ms CPU, ` +
        `PostgreSQL ${med(rs.map((r) => r.pg)).toFixed(0)} ms CPU, ${med(rs.map((r) => r.mb)).toFixed(1)} MB sent`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await insertRowsFigures({
    adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  });
