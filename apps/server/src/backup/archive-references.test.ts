import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DEBTOR_ENTRY_KINDS, TRANSFER_SOURCES } from '@duka/domain';
import { sql } from 'kysely';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { ADMIN_PASSWORD, buildBusiness, signIn } from '../test/factories.js';
import { type Shop, buildShop, debtorInCredit, sold } from '../test/sales-factories.js';
import { buildProduct } from '../test/stock-factories.js';
import { type Tenant, buildTenant, idsOf } from '../test/tenancy-factories.js';
import { seedLoss } from '../test/field-history.js';
import type { Database } from '../db/tables.js';
import { TEST_KEY_ENCRYPTION_KEY, type TestApp, buildTestApp } from '../test/test-app.js';
import { freshDatabase } from '../test/test-db.js';
import { GROUP_SPECS } from '../modules/sync/field-groups.js';
import {
  ARCHIVE_DOC_REFERENCES,
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
    for (const { table, column, kindColumn, targets } of ARCHIVE_DOC_REFERENCES) {
      expect(columns.get(table) ?? [], `${table}.${column}`).toEqual(
        expect.arrayContaining([column, kindColumn]),
      );
      for (const [kind, target] of Object.entries(targets))
        expect(columns.get(target) ?? [], `${table}.${column} of ${kind} → ${target}`).toContain('id');
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
      ...ARCHIVE_DOC_REFERENCES.map((r) => `${r.table}.${r.column}`),
      ...NOT_ARCHIVE_REFERENCES,
    ]);
    const unclassified: string[] = [];
    for (const [table, cols] of await columnsOf(db))
      for (const c of cols)
        if (c !== 'business_id' && /_(id|by)$/.test(c) && !classified.has(`${table}.${c}`))
          unclassified.push(`${table}.${c}`);
    expect(unclassified).toEqual([]);
  });

  it("check each column naming a document of its row's kind, every kind the domain's and its table", async () => {
    const columns = await columnsOf(db);
    const checked = ARCHIVE_DOC_REFERENCES.map((r) => `${r.table}.${r.column}`).sort();
    expect(checked).toEqual([
      'debtor_entries.doc_id',
      'field_history.doc_id',
      'stock_movements.doc_id',
      'transfers.source_id',
    ]);
    // every column named like a document of a kind (doc_id, source_id) is one, but the journal's
    const named = [...columns].flatMap(([t, cols]) =>
      cols.filter((c) => /^(doc|source)_id$/.test(c)).map((c) => `${t}.${c}`),
    );
    expect(named.filter((n) => !checked.includes(n))).toEqual(['journal.doc_id']);
    const targets = new Map(ARCHIVE_DOC_REFERENCES.map((r) => [r.table, r.targets]));
    const kinds = (table: string) => Object.keys(targets.get(table)!).sort();
    expect(kinds('debtor_entries')).toEqual([...DEBTOR_ENTRY_KINDS].sort());
    expect(kinds('transfers')).toEqual([...TRANSFER_SOURCES].sort());
    expect(targets.get('field_history')).toEqual(
      Object.fromEntries(GROUP_SPECS.map((g) => [g.docType, g.table])),
    );
    for (const target of ARCHIVE_DOC_REFERENCES.flatMap((r) => Object.values(r.targets)))
      expect(ARCHIVED.has(target), target).toBe(true);
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

  it("refuses a stock movement naming a document the archive lacks, or one of another kind's table, or a kind naming none", async () => {
    const missing = v7();
    const movements = (edit: (r: Rows[number]) => Rows[number]) =>
      refusal((t, rows) => (t === 'stock_movements' ? rows.map(edit) : rows));
    // a sale another business made on this server, or none: the archive holds no sale of that id
    expect(await movements((r) => (r.doc_type === 'sale' ? { ...r, doc_id: missing } : r))).toBe(
      `The archive's stock_movements.doc_id names ${missing}, which is none of the archive's sales`,
    );
    // the archive's own stock receipt's id, named as a sale
    let receipt = '';
    expect(
      await movements((r) => {
        if (r.doc_type !== 'receipt') return r;
        receipt = String(r.doc_id);
        return { ...r, doc_type: 'sale' };
      }),
    ).toBe(`The archive's stock_movements.doc_id names ${receipt}, which is none of the archive's sales`);
    expect(await movements((r) => ({ ...r, doc_type: 'gift' }))).toBe(
      `The archive's stock_movements.doc_type is "gift", which names no archived table`,
    );
    expect(await movements((r) => ({ ...r, doc_type: 'toString' }))).toBe(
      `The archive's stock_movements.doc_type is "toString", which names no archived table`,
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

/**
 * What a business does that `buildTenant` leaves out, so that a row of every kind names its
 * document: stock adjusted both ways, moved to the branch and counted there (the count's
 * corrections), a debtor paid by transfer, a debtor sale and a transfer sale reversed in part,
 * and a value of each record type that lost a sync merge.
 */
async function documentsOfEveryKind(t: TestApp, tenant: Tenant): Promise<void> {
  const saleOf = async (kind: string) =>
    (
      await t.db.kysely
        .selectFrom('sales')
        .select('id')
        .where('business_id', '=', tenant.businessId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).id;
  const count = (await idsOf(t, tenant.businessId)).stock_counts![0]!;
  const main = tenant.main.id;
  const branch = tenant.ids.locations!.find((id) => id !== main)!;
  const lines = [{ product_id: tenant.ids.products![0]!, quantity: 1000 }];
  const provider = tenant.ids.payment_providers![0]!;
  const debtor = tenant.ids.debtors![0]!;
  const byTransfer = v7();
  const { debtor: inCredit } = await debtorInCredit(t.app, tenant.admin, {
    name: 'Every Credit',
    location_id: main,
    product_id: tenant.ids.products![0]!,
  });
  const posts: [string, object | undefined][] = [
    [`/api/stock-counts/${count}/finalise`, undefined],
    ['/api/stock/positive', { id: v7(), location_id: main, reason: 'found', lines }],
    ['/api/stock/negative', { id: v7(), location_id: main, reason: 'damaged', lines }],
    ['/api/stock/transfers', { id: v7(), from_location_id: main, to_location_id: branch, lines }],
    [
      `/api/debtors/${debtor}/payments`,
      {
        id: byTransfer,
        amount: 500,
        method: 'transfer',
        provider_id: provider,
        reference: 'EVERYPAY1',
        location_id: main,
      },
    ],
    // its void names it, with its own debtor entry and a row of the register
    [`/api/debtors/${debtor}/payments/${byTransfer}/void`, { id: v7(), reason: 'Entered wrongly' }],
    [
      `/api/sales/${await saleOf('debtor')}/reversals`,
      { id: v7(), reason: 'Returned', lines: [{ line_no: 1, quantity: 100 }] },
    ],
    [
      `/api/sales/${await saleOf('transfer')}/reversals`,
      { id: v7(), reason: 'Returned', lines: [{ line_no: 1, quantity: 100 }], reference: 'EVERYBACK1' },
    ],
    // a debtor's credit paid out in cash: a payout entry naming its row of debtor_payments
    [`/api/debtors/${inCredit.id}/payouts`, { id: v7(), amount: 100, reason: 'Credit back' }],
  ];
  for (const [url, payload] of posts) {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: tenant.admin }, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  }
  const ids = await idsOf(t, tenant.businessId);
  const history = ARCHIVE_DOC_REFERENCES.find((r) => r.table === 'field_history')!;
  for (const [docType, table] of Object.entries(history.targets)) {
    const id = table === 'businesses' ? tenant.businessId : ids[table as keyof Database]![0]!;
    await seedLoss(t.db, 'shop-a', tenant.businessId, docType, id, 'name', { name: 'lost' }, { name: 'won' });
  }
}

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
    await documentsOfEveryKind(source, tenant);
    // and what the factory leaves out: a stock count (its expected quantities) and every transfer
    // confirmed
    const transfers = await source.db.kysely
      .selectFrom('transfers')
      .select('id')
      .where('business_id', '=', tenant.businessId)
      .execute();
    const made = await Promise.all([
      source.app.inject({
        method: 'POST',
        url: '/api/stock-counts',
        headers: { cookie: tenant.admin },
        payload: { id: v7(), location_id: tenant.main.id },
      }),
      ...transfers.map((t) =>
        source.app.inject({
          method: 'POST',
          url: `/api/transfers/${t.id}/confirm`,
          headers: { cookie: tenant.admin },
        }),
      ),
    ]);
    for (const res of made) expect(res.statusCode, res.body).toBeLessThan(300);
    const file = path.join(dir, 'every.duka.gz');
    await exportBusiness(source.db, tenant.businessId, file, new Date(), undefined, TEST_KEY_ENCRYPTION_KEY);
    const { tables } = await readArchive(file);
    // the references the check is proven on here: each table holding them has rows in the archive,
    // but a drawer opening and a receipt's print (they need a printer), a level below zero, and a
    // transfer waiting for its confirmation (every transfer was confirmed above)
    const empty = [...new Set(ARCHIVE_REFERENCES.map(([t]) => t))].filter((t) => !tables.get(t)?.length);
    expect(empty.sort()).toEqual([
      'drawer_openings',
      'receipt_prints',
      'stock_below_zero',
      'transfers_unconfirmed',
    ]);
    // and each kind of document a row names by its kind: every one, each in the archive
    for (const { table, kindColumn, targets } of ARCHIVE_DOC_REFERENCES)
      expect([...new Set(tables.get(table)?.map((r) => r[kindColumn]))].sort(), table).toEqual(
        Object.keys(targets).sort(),
      );
    target = await buildTestApp();
    const { rows } = await importArchive(target.db, file, TEST_KEY_ENCRYPTION_KEY);
    expect(rows).toBeGreaterThan(0);
  });
});
