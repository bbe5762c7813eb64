import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import { DEFAULT_LIMITS, buildBatch } from './batch.js';
import { SyncCallError, callHosted } from './client.js';
import { hashBody } from './documents.js';
import { linkOf, openCredential, serverIdOf } from './link-local.js';
import {
  KEYS,
  type SyncPair,
  businessDigest,
  hostedPlaceholder,
  link,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';
import type { PushAnswer, PushBody } from './wire.js';

describe('applying a batch on the hosted server', () => {
  let p: SyncPair;
  let shop: Tenant;
  let credential: string;
  let serverId: string;
  beforeEach(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    credential = openCredential((await linkOf(p.local.db, shop.businessId))!, KEYS);
    serverId = await serverIdOf(p.local.db);
  });
  afterEach(async () => {
    await p.close();
  });

  const batchFrom = async (seq: number, entryId: string | null, max = 10) =>
    (await buildBatch(
      {
        db: p.local.db,
        businessId: shop.businessId,
        serverId,
        keys: KEYS,
        limits: { ...DEFAULT_LIMITS, max_entries: max },
      },
      { seq, entry_id: entryId },
    ))!;
  const push = (body: PushBody) =>
    callHosted<PushAnswer>(p.hostedUrl, '/api/sync/v1/push', body, { credential, timeoutMs: 10_000 });
  const refused = async (body: PushBody): Promise<SyncCallError> => {
    try {
      await push(body);
    } catch (err) {
      if (err instanceof SyncCallError) return err;
      throw err;
    }
    throw new Error('the batch was applied');
  };
  const hostedRows = async () =>
    Number(
      (
        await p.hosted.db.kysely
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', shop.businessId)
          .executeTakeFirst()
      )?.n,
    );

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
    const body = { ...mine.body, sales: [{ ...mine.body.sales![0]!, id: theirSale }] };
    const forged = { ...mine, id: theirSale, body, hash: hashBody(body) };
    const answer = await push({ ...batch, documents: [...batch.documents, forged] });
    expect(answer.quarantined).toEqual([{ doc_type: 'sale', doc_id: theirSale, reason: 'other_business' }]);
    expect(await businessDigest(p.hosted.db, other.businessId, p.dir)).toEqual(otherBefore);
  });

  it('refuses a batch whose document does not match its hash, writing nothing', async () => {
    const batch = await batchFrom(0, null, 1000);
    const doc = batch.documents[0]!;
    const broken = { ...batch, documents: [{ ...doc, hash: '0'.repeat(64) }, ...batch.documents.slice(1)] };
    expect((await refused(broken)).code).toBe('sync_batch_invalid');
    expect(await hostedRows()).toBe(0);
  });

  it('keeps the hosted copy read-only while the shop keeps the business', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const admin = await signIn(p.hosted.app, shop.logins.admin, 'owner-pass-1', 'WEB-1');
    const write = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: admin.cookie },
      payload: { id: '0193b000-0000-7000-8000-000000000001', name: 'Hosted' },
    });
    expect(write.statusCode).toBe(409);
    expect(write.json<{ error: { code: string } }>().error.code).toBe('business_synced_from_shop');
    const read = await p.hosted.app.inject({
      url: '/api/reports/dashboard',
      headers: { cookie: admin.cookie },
    });
    expect(read.statusCode).toBe(200);
    const status = await p.hosted.app.inject({ url: '/api/sync/status', headers: { cookie: admin.cookie } });
    expect(status.json()).toMatchObject({ role: 'hosted', linked: true, quarantine_open: 0 });
  });
});
