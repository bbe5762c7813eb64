import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { expectTransferTotalsKept } from '../../test/ledger-check.js';
import { postSale, sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import {
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
import type { TestApp } from '../../test/test-app.js';
import { journalHead } from './batch.js';
import { linkOf } from './link-local.js';
import { applyFaults } from './apply-documents.js';

/** Sync part 2 (ADR 11 §11.3, §11.7): a second branch joins, pulls the whole business, and branches exchange through the hosted journal. */
describe('sync, part 2: pull', () => {
  let p: SyncPair;
  let branch: TestApp;
  let businessId: string;
  let admin: string;

  beforeEach(async () => {
    p = await syncPair();
    const shop = await buildTenant(p.local, 'Shop');
    businessId = shop.businessId;
    admin = shop.logins.admin;
    await link(p, businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    expect((await pushAll(p, businessId)).kind).toBe('caught_up');
    branch = await addBranch(p, 'branch-b');
  });
  afterEach(async () => {
    await p.close();
  });

  it('a new branch PC joins with a code, pulls the whole business in small batches, and its users sign in there', async () => {
    expect(await join(p, branch, businessId)).toBe(businessId);
    const outcome = await pullAll(p, branch, businessId);
    expect(outcome).toMatchObject({ kind: 'caught_up' });
    const first = await businessDigest(p.local.db, businessId, p.dir);
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(first);
    expect(await businessDigest(p.hosted.db, businessId, p.dir)).toEqual(first);
    const row = await linkOf(branch.db, businessId);
    expect(Number(row!.pull_cursor)).toBe(await journalHead(p.hosted.db, businessId));
    // Nothing of the branch's own to send: the pulled entries never go back.
    expect((await pushFrom(p, branch, businessId)).kind).toBe('idle');
    const owner = await signIn(branch.app, admin, ADMIN_PASSWORD, 'BRANCH-TILL');
    expect(owner.session.business.id).toBe(businessId);
  });

  it('a document written at one branch reaches the other through the hosted journal, and never comes back to its origin', async () => {
    await join(p, branch, businessId);
    await pullAll(p, branch, businessId);
    const cookie = (await signIn(branch.app, admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const tea = await buildProduct(branch.app, cookie, { name: 'Branch Tea', code: 'BTEA' });
    expect((await pushFrom(p, branch, businessId)).kind).toBe('caught_up');
    expect((await pullAll(p, p.local, businessId)).kind).toBe('caught_up');
    const atShop = await p.local.db.kysely
      .selectFrom('products')
      .select(['name', 'code'])
      .where('id', '=', tea.id)
      .executeTakeFirst();
    expect(atShop).toEqual({ name: 'Branch Tea', code: 'BTEA' });
    // The branch pulls again: its own entries are not sent back to it, only the cursor moves past them.
    const before = await journalHead(branch.db, businessId);
    await pullAll(p, branch, businessId);
    expect(await journalHead(branch.db, businessId)).toBe(before);
    const row = await linkOf(branch.db, businessId);
    expect(Number(row!.pull_cursor)).toBe(await journalHead(p.hosted.db, businessId));
    // The first shop's journal now holds the branch's entries: its next push omits them.
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-2')).cookie;
    await buildProduct(p.local.app, shopCookie, { name: 'Shop Salt', code: 'SSALT' });
    expect((await pushFrom(p, p.local, businessId)).kind).toBe('caught_up');
    expect((await pullAll(p, branch, businessId)).kind).toBe('caught_up');
    const digest = await businessDigest(p.hosted.db, businessId, p.dir);
    expect(await businessDigest(p.local.db, businessId, p.dir)).toEqual(digest);
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(digest);
  });

  it('a pulled range this PC cannot apply shows in the link as failing, and the next pull takes it', async () => {
    await join(p, branch, businessId);
    applyFaults.next = () => {
      throw new Error('the disk said no');
    };
    expect(await pullAll(p, branch, businessId)).toEqual({
      kind: 'failed',
      code: 'sync_pull_failed',
      retryAfterMs: null,
    });
    const failing = (await linkOf(branch.db, businessId))!;
    expect(failing).toMatchObject({ last_error_code: 'sync_pull_failed', pull_cursor: 0 });
    expect(failing.failing_since).not.toBeNull();
    expect((await pullAll(p, branch, businessId)).kind).toBe('caught_up');
    expect((await linkOf(branch.db, businessId))!.failing_since).toBeNull();
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(
      await businessDigest(p.hosted.db, businessId, p.dir),
    );
  });

  it('a hosted copy restored to an earlier point, sending other entries under numbers the branch holds, shows as such', async () => {
    await join(p, branch, businessId);
    expect((await pullAll(p, branch, businessId)).kind).toBe('caught_up');
    const before = await businessDigest(branch.db, businessId, p.dir);
    // what a restore of the hosted database does: the entry it now holds under a number is not
    // the one the branch pulled under it (here one entry's id is changed in place)
    const last = await p.hosted.db.kysely
      .selectFrom('journal')
      .select(['id', 'seq'])
      .where('business_id', '=', businessId)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    await p.hosted.db.kysely.updateTable('journal').set({ id: v7() }).where('id', '=', last.id).execute();
    // the branch pulls from the start again (as the hosted copy's `sync_gap` asks of it)
    await branch.db.kysely
      .updateTable('sync_links')
      .set({ pull_cursor: 0, pull_cursor_entry_id: null })
      .where('business_id', '=', businessId)
      .execute();
    expect(await pullAll(p, branch, businessId)).toEqual({
      kind: 'failed',
      code: 'sync_hosted_rewound',
      retryAfterMs: null,
    });
    expect(await linkOf(branch.db, businessId)).toMatchObject({ last_error_code: 'sync_hosted_rewound' });
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(before);
  });

  it('a pull answered twice (a lost answer) changes nothing the second time', async () => {
    await join(p, branch, businessId);
    expect((await pullAll(p, branch, businessId, 1)).kind).toBe('caught_up');
    const once = await businessDigest(branch.db, businessId, p.dir);
    const head = await journalHead(branch.db, businessId);
    // The cursor goes back, as if the commit's answer had been lost: the same range comes again.
    await branch.db.kysely
      .updateTable('sync_links')
      .set({ pull_cursor: 0, pull_cursor_entry_id: null })
      .execute();
    await pullAll(p, branch, businessId, 1);
    expect(await journalHead(branch.db, businessId)).toBe(head);
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(once);
  });

  it("a shop set to local only: the hosted copy's refusal names the shop's PC, not the internet", async () => {
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-2')).cookie;
    const off = await p.local.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: shopCookie },
      payload: { online_offline: 0 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await pushFrom(p, p.local, businessId)).kind).toBe('caught_up');
    const hostedOwner = await signIn(p.hosted.app, admin, ADMIN_PASSWORD, 'WEB-1');
    expect(hostedOwner.session.synced_from_shop).toBe(true);
    expect(hostedOwner.session.shop_details.online_offline).toBe('0');
    const write = await p.hosted.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: { cookie: hostedOwner.cookie },
      payload: { name: 'Refused here' },
    });
    expect(write.statusCode).toBe(409);
    expect(write.json()).toMatchObject({ error: { code: 'business_synced_from_shop' } });
  });

  it('with two-way sync chosen at the shop, the hosted site takes writes and the shop pulls them', async () => {
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-2')).cookie;
    const hostedOwner = await signIn(p.hosted.app, admin, ADMIN_PASSWORD, 'WEB-1');
    expect(hostedOwner.session.synced_from_shop).toBe(true);
    await expect(
      buildProduct(p.hosted.app, hostedOwner.cookie, { name: 'Too early', code: 'EARLY' }),
    ).rejects.toThrow(/business_synced_from_shop/);
    const res = await p.local.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: shopCookie },
      payload: { two_way_sync: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ two_way_sync: true, online_offline: 1 });
    expect((await pushFrom(p, p.local, businessId)).kind).toBe('caught_up');
    const again = await signIn(p.hosted.app, admin, ADMIN_PASSWORD, 'WEB-2');
    expect(again.session.synced_from_shop).toBe(false);
    const online = await buildProduct(p.hosted.app, again.cookie, { name: 'Sold online', code: 'ONL1' });
    expect((await pullAll(p, p.local, businessId)).kind).toBe('caught_up');
    const atShop = await p.local.db.kysely
      .selectFrom('products')
      .select('name')
      .where('id', '=', online.id)
      .executeTakeFirst();
    expect(atShop?.name).toBe('Sold online');
    // The shop's next push does not send the hosted site's entries back; all ends equal.
    await buildProduct(p.local.app, shopCookie, { name: 'Shop Salt', code: 'SSALT' });
    expect((await pushFrom(p, p.local, businessId)).kind).toBe('caught_up');
    expect(await businessDigest(p.local.db, businessId, p.dir)).toEqual(
      await businessDigest(p.hosted.db, businessId, p.dir),
    );
  });

  it('two branches sell the last unit while apart: both sales stand everywhere, each with its own series, and the level below zero is flagged', async () => {
    await join(p, branch, businessId);
    await pullAll(p, branch, businessId);
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-3')).cookie;
    const branchCookie = (await signIn(branch.app, admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const [location] = (
      await p.local.app.inject({ url: '/api/locations', headers: { cookie: shopCookie } })
    ).json<{ id: string }[]>();
    const last = await buildProduct(p.local.app, shopCookie, { name: 'Last Jar', code: 'JAR1' });
    const supplier = await buildSupplier(p.local.app, shopCookie, 'Jar Wholesale');
    await received(p.local.app, shopCookie, {
      supplier_id: supplier.id,
      location_id: location!.id,
      lines: [{ product_id: last.id, quantity: 1_000, unit_cost: 5_000 }],
    });
    await pushFrom(p, p.local, businessId);
    await pullAll(p, branch, businessId);
    // Apart: each sells the one jar it believes is there.
    const sale = {
      kind: 'cash',
      location_id: location!.id,
      lines: [{ product_id: last.id, quantity: 1_000 }],
      tendered: 100_000,
    };
    const atShop = await sold(p.local.app, shopCookie, sale);
    const atBranch = await sold(branch.app, branchCookie, sale);
    expect(atShop.receipt_no).toMatch(/^\d{6}$/);
    expect(atBranch.receipt_no).toMatch(/^B\d{6}$/);
    for (let i = 0; i < 2; i++)
      for (const server of [p.local, branch]) {
        await pushFrom(p, server, businessId);
        await pullAll(p, server, businessId);
      }
    for (const server of [p.local, branch, p.hosted]) {
      const level = await server.db.kysely
        .selectFrom('stock_levels')
        .select('quantity')
        .where('product_id', '=', last.id)
        .executeTakeFirstOrThrow();
      expect(Number(level.quantity)).toBe(-1_000);
      const sales = await server.db.kysely
        .selectFrom('sales')
        .select('receipt_no')
        .where('id', 'in', [atShop.id, atBranch.id])
        .orderBy('receipt_no')
        .execute();
      expect(sales.map((x) => x.receipt_no)).toEqual([atShop.receipt_no, atBranch.receipt_no].sort());
    }
    const notes = await p.local.app.inject({ url: '/api/notifications', headers: { cookie: shopCookie } });
    expect(notes.json()).toMatchObject({ negative_stock: 1 });
    expect(await businessDigest(branch.db, businessId, p.dir)).toEqual(
      await businessDigest(p.hosted.db, businessId, p.dir),
    );
  });

  it('the same M-Pesa reference received at two branches while apart: both payments stand everywhere, flagged', async () => {
    await join(p, branch, businessId);
    await pullAll(p, branch, businessId);
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-4')).cookie;
    const branchCookie = (await signIn(branch.app, admin, ADMIN_PASSWORD, 'BRANCH-TILL')).cookie;
    const [location] = (
      await p.local.app.inject({ url: '/api/locations', headers: { cookie: shopCookie } })
    ).json<{ id: string }[]>();
    const tea = await buildProduct(p.local.app, shopCookie, { name: 'Ref Tea', code: 'REFTEA' });
    const supplier = await buildSupplier(p.local.app, shopCookie, 'Ref Wholesale');
    await received(p.local.app, shopCookie, {
      supplier_id: supplier.id,
      location_id: location!.id,
      lines: [{ product_id: tea.id, quantity: 10_000, unit_cost: 5_000 }],
    });
    const pesa = await p.local.app.inject({
      method: 'POST',
      url: '/api/payment-providers',
      headers: { cookie: shopCookie },
      payload: { name: 'Ref Pesa', kind: 'mobile_money' },
    });
    expect(pesa.statusCode).toBe(201);
    await pushFrom(p, p.local, businessId);
    await pullAll(p, branch, businessId);
    const sale = {
      kind: 'transfer',
      location_id: location!.id,
      provider_id: pesa.json<{ id: string }>().id,
      reference: 'QX12SAME34',
      lines: [{ product_id: tea.id, quantity: 1_000 }],
    };
    await sold(p.local.app, shopCookie, sale);
    await sold(branch.app, branchCookie, sale);
    for (let i = 0; i < 2; i++)
      for (const server of [p.local, branch]) {
        expect((await pushFrom(p, server, businessId)).kind).not.toBe('failed');
        await pullAll(p, server, businessId);
      }
    for (const server of [p.local, branch, p.hosted]) {
      const rows = await server.db.kysely
        .selectFrom('transfers')
        .select('id')
        .where('reference', '=', 'QX12SAME34')
        .execute();
      expect(rows).toHaveLength(2);
      // the twice-received reference counted once, by the pull here and by the push there
      await expectTransferTotalsKept(server.db);
    }
    const notes = await p.local.app.inject({ url: '/api/notifications', headers: { cookie: shopCookie } });
    expect(notes.json()).toMatchObject({ duplicate_references: 1 });
    const there = await branch.app.inject({ url: '/api/notifications', headers: { cookie: branchCookie } });
    expect(there.json()).toMatchObject({ duplicate_references: 1 });
    // At one server the reference is still refused a second time.
    const again = await postSale(p.local.app, shopCookie, sale);
    expect(again.json()).toMatchObject({ error: { code: 'reference_used' } });
  });

  it('a PC that keeps a business cannot join another as a branch', async () => {
    await expect(join(p, p.local, businessId)).rejects.toMatchObject({ code: 'link_shop_has_business' });
  });
});
