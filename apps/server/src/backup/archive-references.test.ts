import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { ADMIN_PASSWORD, buildBusiness, signIn } from '../test/factories.js';
import { type Shop, buildShop, sold } from '../test/sales-factories.js';
import { buildProduct } from '../test/stock-factories.js';
import { buildTenant } from '../test/tenancy-factories.js';
import { TEST_KEY_ENCRYPTION_KEY, type TestApp, buildTestApp } from '../test/test-app.js';
import { freshDatabase } from '../test/test-db.js';
import {
  ARCHIVE_REFERENCES,
  ARCHIVE_TABLES,
  ARCHIVE_USER_REFERENCES,
  NOT_ARCHIVE_REFERENCES,
} from './archive-tables.js';
import { exportBusiness, importArchive, readArchive } from './archive.js';

type Rows = Record<string, unknown>[];
const ARCHIVED = new Set(ARCHIVE_TABLES.map((t) => t.name));

/** The columns of each archived table, as this database's catalog lists them. */
async function columnsOf(db: Db): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const table of ARCHIVED) {
    const { rows } =
      db.dialect === 'postgres'
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(db.kysely)
        : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db.kysely);
    out.set(table, rows.map((r) => r.name).sort());
  }
  return out;
}

/** Each foreign key column of an archived table (business_id aside) with the table it names. */
async function foreignKeysOf(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const table of ARCHIVED) {
    const { rows } =
      db.dialect === 'postgres'
        ? await sql<{ column: string; target: string }>`
            select a.attname as column, r.relname as target
            from pg_constraint k
            join pg_class t on t.oid = k.conrelid
            join pg_namespace n on n.oid = t.relnamespace
            join pg_class r on r.oid = k.confrelid
            join unnest(k.conkey) as u(attnum) on true
            join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
            where n.nspname = current_schema() and t.relname = ${table} and k.contype = 'f'`.execute(
            db.kysely,
          )
        : await sql<{ column: string; target: string }>`
            select "from" as column, "table" as target from pragma_foreign_key_list(${table})`.execute(
            db.kysely,
          );
    for (const r of rows) if (r.column !== 'business_id') out.push(`${table}.${r.column} → ${r.target}`);
  }
  return out.sort();
}

/** The archive at `file` with each table's rows edited, written next to it. */
function rewritten(file: string, edit: (table: string, rows: Rows) => Rows): string {
  const lines = gunzipSync(fs.readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { table?: string; rows?: Rows });
  const out = lines.map((l) => (l.table ? { table: l.table, rows: edit(l.table, l.rows!) } : l));
  const to = path.join(path.dirname(file), `edited-${Math.random().toString(16).slice(2)}.duka.gz`);
  fs.writeFileSync(to, gzipSync(out.map((l) => JSON.stringify(l)).join('\n') + '\n'));
  return to;
}

describe("the references checked in an archive's rows", () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await freshDatabase());
  });
  afterAll(() => dispose());

  it('name a column of an archived table and an archived target with an id, each once', async () => {
    const columns = await columnsOf(db);
    const seen = new Set<string>();
    for (const [table, column, target] of ARCHIVE_REFERENCES) {
      expect(columns.get(table) ?? [], `${table}.${column}`).toContain(column);
      expect(columns.get(target) ?? [], `${table}.${column} → ${target}`).toContain('id');
      expect(seen.has(`${table}.${column}`), `${table}.${column} twice`).toBe(false);
      seen.add(`${table}.${column}`);
    }
    for (const [table, column] of ARCHIVE_USER_REFERENCES) {
      expect(columns.get(table) ?? [], `${table}.${column}`).toContain(column);
      expect(seen.has(`${table}.${column}`), `${table}.${column} twice`).toBe(false);
      seen.add(`${table}.${column}`);
    }
    for (const name of NOT_ARCHIVE_REFERENCES) {
      const [table, column] = name.split('.');
      expect(columns.get(table!) ?? [], name).toContain(column);
      expect(seen.has(name), `${name} twice`).toBe(false);
      seen.add(name);
    }
  });

  it("cover every foreign key of this database's archived tables, with its target", async () => {
    const checked = new Set(ARCHIVE_REFERENCES.map(([t, c, target]) => `${t}.${c} → ${target}`));
    // a foreign key to a table that is not archived would need a reason of its own: none has one
    expect((await foreignKeysOf(db)).filter((fk) => !checked.has(fk))).toEqual([]);
  });

  it('classify every column named like a reference (*_id, *_by) of an archived table', async () => {
    const classified = new Set([
      ...ARCHIVE_REFERENCES.map(([t, c]) => `${t}.${c}`),
      ...ARCHIVE_USER_REFERENCES.map(([t, c]) => `${t}.${c}`),
      ...NOT_ARCHIVE_REFERENCES,
    ]);
    const unclassified: string[] = [];
    for (const [table, cols] of await columnsOf(db))
      for (const c of cols)
        if (c !== 'business_id' && /_(id|by)$/.test(c) && !classified.has(`${table}.${c}`))
          unclassified.push(`${table}.${c}`);
    expect(unclassified).toEqual([]);
  });
});

describe('an archive naming rows of another business on the importing server', () => {
  let source: TestApp;
  let target: TestApp;
  let s: Shop;
  let file: string;
  let victimLocation: string;
  let victimProduct: string;
  let victimUser: string;
  let businessId: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-archive-refs-'));

  beforeAll(async () => {
    const sourceDb = openDatabase({});
    await migrate(sourceDb);
    source = await buildTestApp({}, { db: sourceDb, dispose: () => sourceDb.close() });
    s = await buildShop(source.app, { username: 'movingowner' });
    await sold(source.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 100_000,
    });
    businessId = (await source.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    file = path.join(dir, 'a.duka.gz');
    await exportBusiness(source.db, businessId, file, new Date());

    // the hosted server already keeps another business (the victim)
    target = await buildTestApp();
    const victim = (await buildBusiness(target.app, { username: 'victimowner', business_name: 'Victim' }))
      .cookie;
    victimLocation = (await target.app.inject({ url: '/api/locations', headers: { cookie: victim } })).json<
      { id: string }[]
    >()[0]!.id;
    victimProduct = (await buildProduct(target.app, victim, { code: 'VIC1', name: 'Victim secret product' }))
      .id;
    victimUser = (
      await target.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'victimowner')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await source.close();
    await target.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Imports `edited` into the hosted server: its error, or null when it was imported. */
  async function refusal(edit: (table: string, rows: Rows) => Rows): Promise<string | null> {
    try {
      await importArchive(target.db, rewritten(file, edit));
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  }

  async function nothingImported() {
    const here = await target.db.kysely
      .selectFrom('businesses')
      .select('id')
      .where('id', '=', businessId)
      .execute();
    expect(here).toEqual([]);
  }

  it("refuses a user whose home location is another business's location, and sale lines/movements naming another business's product", async () => {
    const why = await refusal((table, rows) => {
      if (table === 'users') return rows.map((r) => ({ ...r, home_location_id: victimLocation }));
      if (table === 'sale_lines') return rows.map((r) => ({ ...r, product_id: victimProduct }));
      if (table === 'stock_movements')
        return rows.map((r) => ({ ...r, product_id: victimProduct, location_id: victimLocation }));
      return rows;
    });
    expect(why).toBe(
      `The archive's users.home_location_id names ${victimLocation}, which is none of the archive's locations`,
    );
    await nothingImported();
  });

  it('refuses each reference alone, a foreign key or none', async () => {
    const one = async (table: string, column: string, value: string) =>
      refusal((t, rows) =>
        t === table ? rows.map((r, i) => (i === 0 ? { ...r, [column]: value } : r)) : rows,
      );
    expect(await one('sale_lines', 'product_id', victimProduct)).toMatch(/sale_lines\.product_id names/);
    expect(await one('stock_movements', 'location_id', victimLocation)).toMatch(
      /stock_movements\.location_id/,
    );
    expect(await one('sales', 'location_id', victimLocation)).toMatch(/sales\.location_id names/);
    expect(await one('stock_levels', 'product_id', crypto.randomUUID())).toMatch(/stock_levels\.product_id/);
    // a user of another business here, named as who sold
    expect(await one('sales', 'user_id', victimUser)).toBe(
      `The archive's rows name ${victimUser}, a user of another business in this database`,
    );
    await nothingImported();
  });

  it('imports the archive as it was exported, and the moved owner sells at their own shop', async () => {
    await importArchive(target.db, file);
    const owner = await signIn(target.app, 'movingowner', ADMIN_PASSWORD);
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { cookie: owner.cookie },
      payload: {
        id: crypto.randomUUID(),
        kind: 'cash',
        lines: [{ product_id: s.sugar.id, quantity: 1000 }],
        tendered: 100_000,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ location_id: string }>().location_id).toBe(s.shop.id);
  });
});

describe('a business with a record of every kind', () => {
  let source: TestApp;
  let target: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-archive-every-'));
  afterAll(async () => {
    await source?.close();
    await target?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves with every reference resolved inside its archive', async () => {
    source = await buildTestApp();
    const tenant = await buildTenant(source, 'Every');
    // and what the factory leaves out: a stock count (its expected quantities) and a confirmed transfer
    const made = await Promise.all([
      source.app.inject({
        method: 'POST',
        url: '/api/stock-counts',
        headers: { cookie: tenant.admin },
        payload: { id: v7(), location_id: tenant.main.id },
      }),
      source.app.inject({
        method: 'POST',
        url: `/api/transfers/${tenant.ids.transfers![0]}/confirm`,
        headers: { cookie: tenant.admin },
      }),
    ]);
    for (const res of made) expect(res.statusCode, res.body).toBeLessThan(300);
    const file = path.join(dir, 'every.duka.gz');
    await exportBusiness(source.db, tenant.businessId, file, new Date(), undefined, TEST_KEY_ENCRYPTION_KEY);
    const { tables } = await readArchive(file);
    // the references the check is proven on here: each table holding them has rows in the archive,
    // but a drawer opening (it needs a printer), a level below zero, and a transfer waiting for its
    // confirmation (the one transfer was confirmed above)
    const empty = [...new Set(ARCHIVE_REFERENCES.map(([t]) => t))].filter((t) => !tables.get(t)?.length);
    expect(empty.sort()).toEqual(['drawer_openings', 'stock_below_zero', 'transfers_unconfirmed']);
    target = await buildTestApp();
    const { rows } = await importArchive(target.db, file, TEST_KEY_ENCRYPTION_KEY);
    expect(rows).toBeGreaterThan(0);
  });
});
