import type { Statement } from '@duka/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { paid, sold } from '../../test/sales-factories.js';
import { type Tenant, buildTenant } from '../../test/tenancy-factories.js';
import type { TestApp } from '../../test/test-app.js';
import {
  KEYS,
  type SyncPair,
  addBranch,
  businessDigest,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  pushFrom,
  syncPair,
} from '../../test/sync-harness.js';
import type { AnyDb } from './documents.js';
import { readDocuments } from './documents.js';

/**
 * A debtor entry's `seq` (ADR 9) is each server's own order of writing: it never travels, so the
 * documents' hashes are those of servers without it, and the receiver numbers the entries it
 * writes after its own, in the order the sender journaled them (a batch is written by type:
 * every sale before every payment).
 */
describe("sync and the order of a debtor's entries", () => {
  let p: SyncPair;
  let shop: Tenant;
  let debtorId: string;
  let sugarId: string;

  beforeEach(async () => {
    p = await syncPair();
    shop = await buildTenant(p.local, 'Shop');
    debtorId = shop.ids.debtors![0]!;
    sugarId = (
      await p.local.db.kysely
        .selectFrom('products')
        .select('id')
        .where('code', '=', 'ShopSUG')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterEach(async () => {
    await p.close();
  });

  const creditSale = (t: TestApp, cookie: string) =>
    sold(t.app, cookie, {
      kind: 'debtor',
      location_id: shop.main.id,
      debtor_id: debtorId,
      lines: [{ product_id: sugarId, quantity: 1000 }],
    });
  /** The debtor's entries as [receipt, seq], in `seq` order. */
  const numbered = async (t: TestApp) =>
    (
      await t.db.kysely
        .selectFrom('debtor_entries')
        .select(['receipt_no', 'seq'])
        .where('debtor_id', '=', debtorId)
        .orderBy('seq')
        .execute()
    ).map((r) => [r.receipt_no, Number(r.seq)]);
  const entrySeq = async (t: TestApp) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('debtors')
          .select('entry_seq')
          .where('id', '=', debtorId)
          .executeTakeFirstOrThrow()
      ).entry_seq,
    );
  const lines = async (t: TestApp, cookie: string) =>
    (await t.app.inject({ url: `/api/debtors/${debtorId}/statement`, headers: { cookie } }))
      .json<Statement>()
      .entries.map((e) => [e.receipt_no, e.balance]);
  /** The sale and payment documents that name the debtor's entries, by id → hash. */
  const hashes = async (t: TestApp) => {
    const rows = await t.db.kysely
      .selectFrom('debtor_entries')
      .select(['doc_id', 'kind'])
      .where('debtor_id', '=', debtorId)
      .execute();
    const refs = rows.map((r) => ({ type: r.kind === 'payment' ? 'debtor_payment' : r.kind, id: r.doc_id }));
    const docs = await readDocuments(t.db.kysely as unknown as AnyDb, shop.businessId, refs, KEYS);
    for (const d of docs.values())
      for (const e of d.body.debtor_entries ?? []) expect(Object.keys(e)).not.toContain('seq');
    return Object.fromEntries([...docs.values()].map((d) => [d.id, d.hash]));
  };

  it('numbers pushed and pulled entries on each receiver in the order their balances moved, hashes unchanged', async () => {
    // After the tenant's credit sale and payment, a second credit sale stamped 2 s earlier: one
    // batch carries the sales before the payment, the journal has the payment between them.
    p.local.clock.advance(-2_000);
    const later = await creditSale(p.local, shop.admin);
    const atShop = await numbered(p.local);
    expect(atShop.map(([, seq]) => seq)).toEqual([1, 2, 3]);
    expect(atShop[2]![0]).toBe(later.receipt_no);

    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    expect(await numbered(p.hosted)).toEqual(atShop);
    expect(await entrySeq(p.hosted)).toBe(3);
    const hostedCookie = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD, 'WEB-1')).cookie;
    expect(await lines(p.hosted, hostedCookie)).toEqual(await lines(p.local, shop.admin));
    expect(await hashes(p.hosted)).toEqual(await hashes(p.local));

    // A branch joins and pulls the whole business, then sells on credit and takes a payment there.
    const branch = await addBranch(p, 'branch-b');
    await join(p, branch, shop.businessId);
    expect((await pullAll(p, branch, shop.businessId)).kind).toBe('caught_up');
    expect(await numbered(branch)).toEqual(atShop);
    const cookie = (await signIn(branch.app, shop.logins.admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const there = await creditSale(branch, cookie);
    branch.clock.advance(-2_000);
    const pay = await paid(branch.app, cookie, debtorId, {
      amount: 500,
      method: 'cash',
      location_id: shop.main.id,
    });
    expect((await pushFrom(p, branch, shop.businessId)).kind).toBe('caught_up');
    expect((await pullAll(p, p.local, shop.businessId)).kind).toBe('caught_up');
    const after = [...atShop, [there.receipt_no, 4], [pay.receipt_no, 5]];
    for (const t of [branch, p.hosted, p.local]) {
      expect(await numbered(t)).toEqual(after);
      expect(await entrySeq(t)).toBe(5);
    }
    const statement = await lines(p.local, shop.admin);
    expect(statement.at(-1)).toEqual([pay.receipt_no, pay.balance_after]);
    expect(await lines(branch, cookie)).toEqual(statement);
    expect(await hashes(p.hosted)).toEqual(await hashes(p.local));
    expect(await hashes(branch)).toEqual(await hashes(p.local));
    expect(await businessDigest(p.hosted.db, shop.businessId, p.dir)).toEqual(
      await businessDigest(p.local.db, shop.businessId, p.dir),
    );
  });
});
