import { type ClockState, compareStamps, parseStamp } from '@duka/domain';
import { v7 } from 'uuid';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { expectBelowZeroKept } from '../../test/ledger-check.js';
import { sold } from '../../test/sales-factories.js';
import { buildProduct } from '../../test/stock-factories.js';
import { linkedShopKit } from '../../test/sync-apply-kit.js';
import { type SyncPair, businessDigest, hostedPlaceholder, pushAll } from '../../test/sync-harness.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import { hashBody } from './documents.js';
import { linkOf } from './link-local.js';
import type { PushBody } from './wire.js';

describe('applying a batch on the hosted server', () => {
  const kit = linkedShopKit();
  const { batchFrom, push, refused, hostedRows } = kit;
  let p: SyncPair;
  let shop: Tenant;
  let serverId: string;
  beforeEach(() => {
    ({ p, shop, serverId } = kit);
  });

  it('refuses a batch past the cursor with the expected cursor, and one at it from another journal as diverged', async () => {
    const first = await batchFrom(0, null);
    expect((await push(first)).result).toBe('applied');
    const skipped = await batchFrom(first.to.seq + 5, 'x');
    const gap = await refused(skipped);
    expect(gap.code).toBe('sync_gap');
    expect(gap.params).toEqual({ expected: first.to });
    const other = await batchFrom(first.to.seq, first.to.entry_id);
    const diverged = await refused({
      ...other,
      from: { seq: first.to.seq, entry_id: '0193b000-0000-7000-8000-000000000000' },
    });
    expect(diverged.code).toBe('sync_diverged');
    expect(await hostedRows()).toBe(first.entries.length);
  });

  it('the same batch twice at once: one applies, the other changes nothing', async () => {
    const batch = await batchFrom(0, null, 1000);
    const answers = await Promise.all([push(batch), push(batch)]);
    expect(answers.map((a) => a.result).sort()).toEqual(['already_applied', 'applied']);
    expect(await hostedRows()).toBe(batch.entries.length);
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });

  it("keeps a pushed entry whose id another business's journal holds: the journal is looked up within the business", async () => {
    const batch = await batchFrom(0, null, 1000);
    const first = batch.entries[0]!;
    const otherId = await hostedPlaceholder(p.hosted, 'Other');
    const theirs = p.hosted.db.kysely.insertInto('journal').values({
      business_id: otherId,
      seq: 1_000_000,
      id: first.id,
      doc_type: 'session',
      doc_id: first.doc_id,
      action: 'sign_in',
      user_id: null,
      device_id: null,
      detail: null,
      created_at: first.created_at,
      origin: 'elsewhere',
      origin_seq: 1,
      hlc: first.hlc,
    });
    await theirs.execute();
    if (p.hosted.db.dialect === 'sqlite') {
      // SQLite keeps an entry's id unique across businesses (only PostgreSQL's keys carry the
      // business, migration 0020): the batch is refused whole, never applied without the entry
      expect((await refused(batch)).code).toBe('conflict');
      expect(await hostedRows()).toBe(0);
      return;
    }
    expect((await push(batch)).result).toBe('applied');
    expect(await hostedRows()).toBe(batch.entries.length);
    const kept = await p.hosted.db.kysely
      .selectFrom('journal')
      .select('action')
      .where('business_id', '=', shop.businessId)
      .where('id', '=', first.id)
      .executeTakeFirst();
    expect(kept?.action).toBe(first.action);
  });

  it('quarantines a sale sent again with other content and never overwrites the stored one', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const before = await businessDigest(p.hosted.db, shop.businessId, p.dir);
    // The shop's copy of a sale changes behind Duka's back (a hand-edited database, a bug).
    const sale = await p.local.db.kysely
      .selectFrom('sales')
      .select(['id', 'total'])
      .executeTakeFirstOrThrow();
    await p.local.db.kysely.updateTable('sales').set({ note: 'changed' }).where('id', '=', sale.id).execute();
    const batch = await batchFrom(0, null, 1000);
    const resent = {
      ...batch,
      from: {
        seq: Number((await linkOf(p.local.db, shop.businessId))!.push_cursor),
        entry_id: batch.to.entry_id,
      },
      to: {
        seq: Number((await linkOf(p.local.db, shop.businessId))!.push_cursor),
        entry_id: batch.to.entry_id,
      },
      entries: [],
      omitted: 0,
    };
    const answer = await push({ ...resent, documents: batch.documents.filter((d) => d.id === sale.id) });
    expect(answer.quarantined).toEqual([{ doc_type: 'sale', doc_id: sale.id, reason: 'content_differs' }]);
    expect(answer.quarantine_open).toBe(1);
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(before);
    const admin = await signIn(p.hosted.app, shop.logins.admin, 'owner-pass-1', 'WEB-1');
    const list = await p.hosted.app.inject({
      url: '/api/sync/quarantine',
      headers: { cookie: admin.cookie },
    });
    const item = list.json<{ items: { doc_id: string; diff: { path: string; incoming: unknown }[] }[] }>()
      .items[0]!;
    expect(item.doc_id).toBe(sale.id);
    expect(item.diff).toContainEqual({ path: 'sales[0].note', stored: '', incoming: 'changed' });
  });

  it("quarantines a document whose id is another business's, and leaves that business as it was", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const otherBefore = await businessDigest(p.hosted.db, other.businessId, p.dir);
    const batch = await batchFrom(0, null, 1000);
    const theirSale = other.ids.sales![0]!;
    const mine = batch.documents.find((d) => d.type === 'sale')!;
    // the whole sale under their id, its lines and movements too (a part's rows are its document's)
    const body = JSON.parse(JSON.stringify(mine.body).replaceAll(mine.id, theirSale)) as typeof mine.body;
    const forged = { ...mine, id: theirSale, body, hash: hashBody(body) };
    const answer = await push({ ...batch, documents: [...batch.documents, forged] });
    expect(answer.quarantined).toEqual([{ doc_type: 'sale', doc_id: theirSale, reason: 'other_business' }]);
    expect(await businessDigest(p.hosted.db, other.businessId, p.dir)).toEqual(otherBefore);
  });

  it("sets aside what names a debtor refused as another business's, in its batch and in a later one, and sync goes on", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const otherBefore = await businessDigest(p.hosted.db, other.businessId, p.dir);
    const theirs = other.ids.debtors![0]!;
    const batch = await batchFrom(0, null, 1000);
    const mine = batch.documents.find((d) => d.type === 'debtor')!.id;
    /** A document with the shop's debtor under their id, and its own id (and rows') as given. */
    const forged = (d: PushBody['documents'][number], as: Record<string, string> = {}) => {
      let text = JSON.stringify(d.body).replaceAll(mine, theirs);
      for (const [from, to] of Object.entries(as)) text = text.replaceAll(from, to);
      const body = JSON.parse(text) as typeof d.body;
      const id = d.id === mine ? theirs : (as[d.id] ?? d.id);
      return { ...d, id, body, hash: hashBody(body) };
    };
    const naming = batch.documents.filter((d) => d.id !== mine && JSON.stringify(d.body).includes(mine));
    expect(naming.map((d) => d.type).sort()).toEqual(['debtor_payment', 'sale']);
    // a shop PC whose debtor came with another business's id: its credit sale and payment name it
    const documents = batch.documents.map((d) => (JSON.stringify(d).includes(mine) ? forged(d) : d));
    const answer = await push({ ...batch, documents });
    expect(answer.result).toBe('applied');
    expect(answer.quarantined).toEqual(
      expect.arrayContaining([
        { doc_type: 'debtor', doc_id: theirs, reason: 'other_business' },
        ...naming.map((d) => ({ doc_type: d.type, doc_id: d.id, reason: 'missing_reference' })),
      ]),
    );
    expect(await businessDigest(p.hosted.db, other.businessId, p.dir)).toEqual(otherBefore);
    // a later batch: another credit sale to that debtor is set aside, a cash sale is written
    const credit = naming.find((d) => d.type === 'sale')!;
    const cash = batch.documents.find((d) => d.type === 'sale' && d.body.sales![0]!.kind === 'cash')!;
    const again = (d: typeof credit, receipt: string) => {
      const ids = Object.fromEntries(
        [d.id, ...(d.body.stock_movements ?? []).map((m) => m.id as string)].map((id) => [id, v7()]),
      );
      const doc = forged(d, ids);
      doc.body.sales![0]!.receipt_no = receipt;
      return { ...doc, hash: hashBody(doc.body) };
    };
    const later = [again(credit, 'X-11'), again(cash, 'X-12')];
    const next = await push({
      ...batch,
      from: batch.to,
      to: batch.to,
      entries: [],
      omitted: 0,
      documents: later,
    });
    expect(next.quarantined).toEqual([
      { doc_type: 'sale', doc_id: later[0]!.id, reason: 'missing_reference' },
    ]);
    const kept = await p.hosted.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .where('id', 'in', [later[0]!.id, later[1]!.id])
      .execute();
    expect(kept.map((r) => r.id)).toEqual([later[1]!.id]);
  });

  // Migration 0021: no foreign key checks a line's product row by row on PostgreSQL; the apply
  // checks what the batch's lines name, and a sale naming another business's product is set aside.
  it("quarantines a sale whose lines name another business's product, and applies the rest", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const otherBefore = await businessDigest(p.hosted.db, other.businessId, p.dir);
    const batch = await batchFrom(0, null, 1000);
    const mine = batch.documents.find((d) => d.type === 'sale' && (d.body.stock_movements?.length ?? 0) > 0)!;
    const saleId = v7();
    const theirProduct = other.ids.products![0]!;
    const text = JSON.stringify(mine.body).replaceAll(mine.id, saleId);
    const body = JSON.parse(text) as typeof mine.body;
    body.sales![0]!.receipt_no = 'X-1';
    for (const line of body.sale_lines!) line.product_id = theirProduct;
    for (const m of body.stock_movements!) Object.assign(m, { id: v7(), product_id: theirProduct });
    const forged = { ...mine, id: saleId, body, hash: hashBody(body) };
    const answer = await push({ ...batch, documents: [...batch.documents, forged] });
    expect(answer.quarantined).toEqual([{ doc_type: 'sale', doc_id: saleId, reason: 'missing_reference' }]);
    expect(await businessDigest(p.hosted.db, other.businessId, p.dir)).toEqual(otherBefore);
    const written = await p.hosted.db.kysely
      .selectFrom('sale_lines')
      .select('sale_id')
      .where('product_id', '=', theirProduct)
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(written).toEqual([]);
    expect(await hostedRows()).toBeGreaterThan(0);
  });

  // `users` is global (sign-in names no business): no foreign key holds a row's user to its business.
  it("quarantines a sale whose cashier is another business's user, and keeps no such user in the journal", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const theirUser = other.ids.users![0]!;
    const batch = await batchFrom(0, null, 1000);
    const mine = batch.documents.find((d) => d.type === 'sale')!;
    const saleId = v7();
    const body = JSON.parse(JSON.stringify(mine.body).replaceAll(mine.id, saleId)) as typeof mine.body;
    Object.assign(body.sales![0]!, { receipt_no: 'X-2', user_id: theirUser });
    for (const m of body.stock_movements ?? []) m.id = v7();
    const forged = { ...mine, id: saleId, body, hash: hashBody(body) };
    const entries = batch.entries.map((e, i) => (i === 0 ? { ...e, user_id: theirUser } : e));
    const answer = await push({ ...batch, entries, documents: [...batch.documents, forged] });
    expect(answer.quarantined).toEqual([{ doc_type: 'sale', doc_id: saleId, reason: 'other_business' }]);
    const kept = await p.hosted.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('business_id', '=', shop.businessId)
      .where('user_id', '=', theirUser)
      .execute();
    expect(kept).toEqual([]);
    const named = await p.hosted.db.kysely
      .selectFrom('journal')
      .select(['id', 'user_id'])
      .where('business_id', '=', shop.businessId)
      .where('id', '=', entries[0]!.id)
      .executeTakeFirstOrThrow();
    expect(named.user_id).toBeNull();
    expect(await hostedRows()).toBe(batch.entries.length);
  });

  it('refuses a batch from a shop on a newer schema as newer, writing nothing (was a 500 at the first unknown column)', async () => {
    const batch = await batchFrom(0, null, 1000);
    const err = await refused({ ...batch, schema: '9999-from-the-future' });
    expect(err.code).toBe('sync_schema_newer');
    expect(await hostedRows()).toBe(0);
    expect((await push(batch)).result).toBe('applied');
  });

  it('refuses a batch whose document does not match its hash, writing nothing', async () => {
    const batch = await batchFrom(0, null, 1000);
    const doc = batch.documents[0]!;
    const broken = { ...batch, documents: [{ ...doc, hash: '0'.repeat(64) }, ...batch.documents.slice(1)] };
    expect((await refused(broken)).code).toBe('sync_batch_invalid');
    expect(await hostedRows()).toBe(0);
  });

  it("refuses a document whose rows are another's, one carrying a column that never travels, and rows that do not fit: 422, writing nothing", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const batch = await batchFrom(0, null, 1000);
    const withDoc = (
      type: string,
      edit: (d: PushBody['documents'][number]) => PushBody['documents'][number],
    ) => {
      const i = batch.documents.findIndex((d) => d.type === type);
      const doc = edit(batch.documents[i]!);
      const documents = [...batch.documents];
      documents[i] = { ...doc, hash: hashBody(doc.body) };
      return { ...batch, documents };
    };
    // a product of this shop whose row is another business's product: that id written here
    const theirs = other.ids.products![0]!;
    const squat = withDoc('product', (d) => ({
      ...d,
      body: { ...d.body, products: [{ ...d.body.products![0]!, id: theirs }] },
    }));
    expect((await refused(squat)).code).toBe('sync_batch_invalid');
    // the business's billing status, which is the hosted server's own
    const status = withDoc('business', (d) => ({
      ...d,
      body: {
        ...d.body,
        businesses: [{ ...d.body.businesses![0]!, status: 'active', printer_host: '10.0.0.1' }],
      },
    }));
    expect((await refused(status)).code).toBe('sync_batch_invalid');
    // a supplier without its required columns (was a 500)
    const bare = withDoc('supplier', (d) => ({ ...d, body: { suppliers: [{ id: d.id }] } }));
    expect((await refused(bare)).code).toBe('sync_batch_invalid');
    // a file that is not the image it says, or counted smaller than it is
    for (const untrue of [{ mime: 'text/html' }, { size: 1 }] as Record<string, string | number>[]) {
      const file = withDoc('file', (d) => ({
        ...d,
        body: { files: [{ ...d.body.files![0]!, ...untrue }] },
      }));
      expect((await refused(file)).code, JSON.stringify(untrue)).toBe('sync_batch_invalid');
    }
    const page = withDoc('file', (d) => ({
      ...d,
      body: {
        files: [
          {
            ...d.body.files![0]!,
            data: { $base64: Buffer.from('<html><script>alert(1)</script></html>').toString('base64') },
          },
        ],
      },
    }));
    expect((await refused(page)).code).toBe('sync_batch_invalid');
    expect(await hostedRows()).toBe(0);
    const squatted = await p.hosted.db.kysely
      .selectFrom('products')
      .select('business_id')
      .where('id', '=', theirs)
      .execute();
    expect(squatted).toEqual([{ business_id: other.businessId }]);
    expect((await push(batch)).result).toBe('applied');
  });

  it("keeps each entry's stamp, and moves the hosted clock up to the largest unless it is over 5 minutes ahead", async () => {
    const stamps = async (db: typeof p.local.db) =>
      new Map(
        (
          await db.kysely
            .selectFrom('journal')
            .select(['id', 'hlc'])
            .where('business_id', '=', shop.businessId)
            .execute()
        ).map((r) => [r.id, r.hlc]),
      );
    const hostedClock = async (): Promise<ClockState> => {
      const row = await p.hosted.db.kysely
        .selectFrom('journal_counters')
        .select(['hlc_ms', 'hlc_counter'])
        .where('business_id', '=', shop.businessId)
        .executeTakeFirst();
      return { ms: Number(row?.hlc_ms ?? 0), counter: Number(row?.hlc_counter ?? 0) };
    };
    const largest = (texts: string[]): ClockState => {
      const s = texts
        .map((t) => parseStamp(t)!)
        .reduce((a, b) => (compareStamps(a, b) >= 0 ? a : b), { ms: 0, counter: 0, serverId: '' });
      return { ms: s.ms, counter: s.counter };
    };
    const write = async (name: string) => {
      const res = await p.local.app.inject({
        method: 'POST',
        url: '/api/suppliers',
        headers: { cookie: shop.admin },
        payload: { name },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const pushNew = async (): Promise<string[]> => {
      const before = await stamps(p.hosted.db);
      expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
      const shopSide = await stamps(p.local.db);
      const hostedSide = await stamps(p.hosted.db);
      for (const [id, hlc] of shopSide) expect(hostedSide.get(id), id).toBe(hlc);
      return [...hostedSide].filter(([id]) => !before.has(id)).map(([, hlc]) => hlc);
    };

    const first = await pushNew();
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((t) => parseStamp(t)?.serverId === serverId)).toBe(true);
    expect(await hostedClock()).toEqual(largest(first));

    p.local.clock.advance(4 * 60_000); // ahead of the hosted clock, within the limit: followed
    await write('Four minutes ahead');
    const near = await pushNew();
    expect(near).toHaveLength(1);
    expect(await hostedClock()).toEqual(largest(near));

    p.local.clock.advance(6 * 60_000); // ten minutes ahead: kept on the entry, not followed
    await write('Ten minutes ahead');
    const far = await pushNew();
    expect(far).toHaveLength(1);
    expect(parseStamp(far[0]!)!.ms).toBe(p.local.clock.now().getTime());
    expect(await hostedClock()).toEqual(largest(near));
  });

  it('keeps the levels below zero on the hosted server as the pushed movements move them', async () => {
    const profile = await p.local.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: shop.admin },
      payload: { allow_negative_stock: true },
    });
    expect(profile.statusCode).toBe(200);
    const tea = await buildProduct(p.local.app, shop.admin, { name: 'Shop tea', code: 'SYNCTEA' });
    // sold before any was received: the level starts below zero on both servers
    await sold(p.local.app, shop.admin, {
      kind: 'cash',
      location_id: shop.main.id,
      lines: [{ product_id: tea.id, quantity: 3_000 }],
      tendered: 10_000_000,
    });
    await pushAll(p, shop.businessId);
    const below = await p.hosted.db.kysely
      .selectFrom('stock_below_zero')
      .select(['product_id', 'location_id'])
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(below).toEqual([{ product_id: tea.id, location_id: shop.main.id }]);
    await expectBelowZeroKept(p.hosted.db);
    await expectBelowZeroKept(p.local.db);
  });
});
