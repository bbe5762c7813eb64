import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../db/database.js';
import { type Kysely, sql } from 'kysely';
import { type Shop, buildShop, reverse, sold } from '../test/sales-factories.js';
import { TEST_DIALECT, freshDatabase } from '../test/test-db.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { ARCHIVE_TABLES, NOT_ARCHIVED } from './archive-tables.js';
import { exportBusiness, importArchive, readArchive } from './archive.js';

/** A small PNG, for a slip photo that must travel with the business. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('moving a business between servers', () => {
  let source: TestApp;
  let s: Shop;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-archive-'));
  const post = (url: string, payload: unknown) =>
    source.app.inject({ method: 'POST', url, headers: { cookie: s.admin }, payload: payload as object });

  beforeAll(async () => {
    // The shop starts on a local server (SQLite)…
    const db = openDatabase({});
    await migrate(db);
    source = await buildTestApp({}, { db, dispose: () => db.close() });
    s = await buildShop(source.app);
    const cash = await sold(source.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [
        { product_id: s.sugar.id, quantity: 3000, discount: 500 },
        { product_id: s.milk.id, quantity: 1000 },
      ],
      tendered: 100_000,
      discount: 100,
    });
    await reverse(source.app, s.admin, cash.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    const credit = await sold(source.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.bread.id, quantity: 2000 }],
      debtor_id: s.debtor.id,
    });
    await post(`/api/debtors/${s.debtor.id}/payments`, {
      id: v7(),
      amount: 5_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(credit.debtor_balance_after).toBe(13_000);
    const transfer = await sold(source.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      provider_id: s.mpesa.id,
      reference: 'QAB12CD34',
    });
    const listed = await source.app.inject({ url: '/api/transfers', headers: { cookie: s.admin } });
    const t = listed
      .json<{ items: { id: string; source_id: string }[] }>()
      .items.find((x) => x.source_id === transfer.id)!;
    await source.app.inject({
      method: 'POST',
      url: `/api/transfers/${t.id}/confirm`,
      headers: { cookie: s.admin },
    });
    const boundary = 'x-duka-boundary';
    const upload = await source.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie: s.admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const category = (await post('/api/expense-categories', { name: 'Transport' })).json<{ id: string }>();
    const expense = await post('/api/expenses', {
      id: v7(),
      date: cash.business_day,
      category_id: category.id,
      amount: 2_500,
      method: 'cash',
      location_id: s.shop.id,
      image: upload.json<{ name: string }>().name,
    });
    expect(expense.statusCode).toBe(201);
    await post(`/api/expenses/${expense.json<{ id: string }>().id}/void`, {
      id: v7(),
      reason: 'Entered twice',
    });
    const count = await post('/api/stock-counts', { id: v7(), location_id: s.shop.id });
    await post(`/api/stock-counts/${count.json<{ id: string }>().id}/entries`, {
      id: v7(),
      product_id: s.milk.id,
      quantity: 5000,
    });
    await post('/api/daily-sales/close', {
      id: v7(),
      location_id: s.shop.id,
      day: cash.business_day,
      counted_cash: 30_000,
    });
  });
  afterAll(async () => {
    await source.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('archives every table of the schema, or says why not', async () => {
    const tables =
      source.db.dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
              source.db.kysely,
            )
          ).rows.map((r) => r.name)
        : [];
    const covered = new Set<string>([...ARCHIVE_TABLES.map((t) => t.name), ...NOT_ARCHIVED]);
    expect(tables.filter((t) => !covered.has(t))).toEqual([]);
  });

  it('exports from SQLite, imports into an empty database of either kind, and exports the same records again', async () => {
    const first = path.join(dir, 'first.duka.gz');
    const second = path.join(dir, 'second.duka.gz');
    const businessId =
      s.shop && (await source.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
    const exported = await exportBusiness(source.db, businessId, first, new Date('2026-11-01T10:00:00Z'));
    expect(exported.rows).toBeGreaterThan(50);

    const target = await freshDatabase();
    try {
      const imported = await importArchive(target.db, first);
      expect(imported).toEqual({ business_id: businessId, rows: exported.rows });
      await exportBusiness(target.db, businessId, second, new Date('2026-11-02T10:00:00Z'));
      const a = await readArchive(first);
      const b = await readArchive(second);
      expect(b.header).toEqual({ ...a.header, exported_at: '2026-11-02T10:00:00.000Z' });
      expect([...b.tables.keys()]).toEqual([...a.tables.keys()]);
      // A business one server wrote alone becomes this server's: its locations' home moves here.
      const homeless = (rows: Record<string, unknown>[] | undefined) =>
        rows?.map(({ home_server_id: _home, ...rest }) => rest);
      for (const [name, rows] of a.tables)
        if (name === 'locations') expect(homeless(b.tables.get(name)), name).toEqual(homeless(rows));
        else expect(b.tables.get(name), name).toEqual(rows);
      const here = (
        await target.db.kysely.selectFrom('server_identity').select('id').executeTakeFirstOrThrow()
      ).id;
      expect(b.tables.get('locations')!.map((l) => l.home_server_id)).toEqual(
        a.tables.get('locations')!.map(() => here),
      );
      // the image bytes came through
      const file = b.tables.get('files')![0]! as { data: Buffer };
      // (as the upload kept it: written again from its pixels, files.service.ts cleanImage)
      const pixels = (data: Buffer) => sharp(data).raw().toBuffer();
      expect((await pixels(file.data)).equals(await pixels(PNG))).toBe(true);
      for (const t of [
        'sales',
        'sale_lines',
        'sale_reversals',
        'debtor_entries',
        'transfers',
        'transfer_confirmations',
        'expenses',
        'day_closes',
        'stock_count_entries',
        'journal',
      ])
        expect(a.tables.get(t)!.length, t).toBeGreaterThan(0);

      // a second import of the same business is refused, and writes nothing
      await expect(importArchive(target.db, first)).rejects.toThrow(/already in this database/);
    } finally {
      await target.dispose();
    }
  });

  /** The archive `file` with its lines changed by `edit` (each table's rows as the file holds them). */
  function rewritten(
    file: string,
    edit: (table: string, rows: Record<string, unknown>[]) => Record<string, unknown>[],
  ) {
    const lines = gunzipSync(fs.readFileSync(file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { table?: string; rows?: Record<string, unknown>[] });
    const out = lines.map((l) => (l.table ? { table: l.table, rows: edit(l.table, l.rows!) } : l));
    const to = path.join(dir, `edited-${v7()}.duka.gz`);
    fs.writeFileSync(to, gzipSync(out.map((l) => JSON.stringify(l)).join('\n') + '\n'));
    return to;
  }

  it('refuses an archive with a row of another business, or a file that is not the image it says, and writes nothing', async () => {
    const businessId = (
      await source.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()
    ).id;
    const file = path.join(dir, 'hostile.duka.gz');
    await exportBusiness(source.db, businessId, file, new Date('2026-11-03T10:00:00Z'));
    const target = await freshDatabase();
    try {
      // a business already on the server, and an archive planting an admin in it
      const victim = v7();
      const { tables } = await readArchive(file);
      const any = target.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      await any
        .insertInto('businesses')
        .values({ ...tables.get('businesses')![0]!, id: victim, name: 'Victim shop', logo: null })
        .execute();
      const planted = rewritten(file, (table, rows) =>
        table === 'users'
          ? [
              ...rows,
              {
                ...rows[0]!,
                id: v7(),
                business_id: victim,
                username: 'evilboss',
                username_key: 'evilboss',
                mobile: null,
                home_location_id: null,
              },
            ]
          : rows,
      );
      await expect(importArchive(target.db, planted)).rejects.toThrow(/users holds rows of another business/);
      // two businesses in one archive
      const two = rewritten(file, (table, rows) =>
        table === 'businesses' ? [...rows, { ...rows[0]!, id: v7() }] : rows,
      );
      await expect(importArchive(target.db, two)).rejects.toThrow(/must hold its one business/);
      // a "picture" that is a web page: it would be served as the type the archive gave it
      const page = rewritten(file, (table, rows) =>
        table === 'files'
          ? rows.map((r) => ({
              ...r,
              mime: 'text/html',
              data: {
                $base64: Buffer.from('<html><script>alert(document.cookie)</script></html>').toString(
                  'base64',
                ),
              },
            }))
          : rows,
      );
      await expect(importArchive(target.db, page)).rejects.toThrow(
        /not a whole PNG, JPEG, WebP or GIF image/,
      );
      // a real image with another type written: kept with the type its bytes say
      const misnamed = rewritten(file, (table, rows) =>
        table === 'files' ? rows.map((r) => ({ ...r, mime: 'text/html', size: 1 })) : rows,
      );
      await importArchive(target.db, misnamed);
      const files = await target.db.kysely
        .selectFrom('files')
        .select(['mime', 'size'])
        .where('business_id', '=', businessId)
        .execute();
      const sent = (await readArchive(file)).tables.get('files')![0]! as { data: Buffer };
      expect(files).toEqual([{ mime: 'image/png', size: sent.data.length }]);
      const users = await target.db.kysely
        .selectFrom('users')
        .select('username')
        .where('business_id', '=', victim)
        .execute();
      expect(users).toEqual([]);
    } finally {
      await target.dispose();
    }
  });

  it('refuses an archive whose user has a mobile number already taken here, and writes nothing', async () => {
    const businessId = (
      await source.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()
    ).id;
    const owner = await source.db.kysely
      .selectFrom('users')
      .select('id')
      .where('business_id', '=', businessId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    await source.db.kysely
      .updateTable('users')
      .set({ mobile: '+254711000999' })
      .where('id', '=', owner.id)
      .execute();
    const file = path.join(dir, 'mobile.duka.gz');
    await exportBusiness(source.db, businessId, file, new Date('2026-11-03T10:00:00Z'));
    const { tables } = await readArchive(file);
    const target = await freshDatabase();
    try {
      // Another business on the hosted server whose user already has that number.
      const other = { ...tables.get('businesses')![0]!, id: v7(), name: 'Another shop', logo: null };
      const user = tables.get('users')!.find((u) => u.id === owner.id)!;
      await (target.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('businesses')
        .values(other)
        .execute();
      await (target.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('users')
        .values({
          ...user,
          id: v7(),
          business_id: other.id,
          username: 'someone',
          username_key: 'someone',
          img: '',
          home_location_id: null,
        })
        .execute();
      await expect(importArchive(target.db, file)).rejects.toThrow(
        /mobile number \+254711000999 .* already belongs to someone/,
      );
      const businesses = await target.db.kysely.selectFrom('businesses').select('id').execute();
      expect(businesses.map((b) => b.id)).toEqual([other.id]);
    } finally {
      await target.dispose();
    }
  });

  it('exports one snapshot while another connection goes on writing', async () => {
    // The exporter and a writer on the same database: two handles on one SQLite file (a second
    // process, as when the CLI exports beside a running server), or two pool connections.
    let exporter: Db;
    let writer: Db;
    let dispose: () => Promise<void>;
    if (TEST_DIALECT === 'sqlite') {
      const file = path.join(dir, 'snapshot.sqlite');
      exporter = openDatabase({ sqliteFile: file });
      await migrate(exporter);
      writer = openDatabase({ sqliteFile: file });
      dispose = async () => {
        await writer.close();
        await exporter.close();
      };
    } else {
      const fresh = await freshDatabase();
      exporter = writer = fresh.db;
      dispose = fresh.dispose;
    }
    const app = await buildTestApp({}, { db: exporter, dispose: () => Promise.resolve() });
    try {
      await buildShop(app.app);
      const businessId = (
        await exporter.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()
      ).id;
      const late = v7();
      const seen: string[] = [];
      const file = path.join(dir, 'snapshot.duka.gz');
      await exportBusiness(
        exporter,
        businessId,
        file,
        new Date('2026-11-04T10:00:00Z'),
        async (done, total, table) => {
          seen.push(`${done}/${total} ${table}`);
          if (table !== 'businesses') return;
          // Written after the export began, to a table it reads later: not in this archive.
          const at = new Date().toISOString();
          await writer.kysely
            .insertInto('expense_categories')
            .values({
              id: late,
              business_id: businessId,
              name: 'Written meanwhile',
              active: 1,
              created_at: at,
              updated_at: at,
            })
            .execute();
        },
      );
      expect(seen).toHaveLength(ARCHIVE_TABLES.length);
      expect(seen.at(-1)).toBe(`${ARCHIVE_TABLES.length}/${ARCHIVE_TABLES.length} product_sales_monthly`);
      const archived = (await readArchive(file)).tables.get('expense_categories') ?? [];
      expect(archived.map((r) => r.id)).not.toContain(late);
      // The write itself went through: the next export has it.
      const next = path.join(dir, 'snapshot-2.duka.gz');
      await exportBusiness(exporter, businessId, next, new Date('2026-11-04T10:05:00Z'));
      expect(((await readArchive(next)).tables.get('expense_categories') ?? []).map((r) => r.id)).toContain(
        late,
      );
    } finally {
      await app.close();
      await dispose();
    }
  });

  it('refuses a file that is not an archive', async () => {
    const bad = path.join(dir, 'bad.gz');
    fs.writeFileSync(bad, 'not gzip at all');
    const target = await freshDatabase();
    try {
      await expect(importArchive(target.db, bad)).rejects.toThrow(/not a readable Duka archive/);
    } finally {
      await target.dispose();
    }
  });
});
