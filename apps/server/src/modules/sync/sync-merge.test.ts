import { parseStamp } from '@duka/domain';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, buildUser, signIn } from '../../test/factories.js';
import { type Server, applyOn, call, docsOf, send, twoServers } from '../../test/two-servers.js';
import { hashBody } from './documents.js';

type Row = Record<string, unknown>;

/**
 * The merge of edited records (ADR 11 §11.1, §11.5), on two servers of one business that edit
 * while apart and then exchange their documents in both directions through the apply code.
 */
describe('merging edits made on two servers', () => {
  let a: Server;
  let b: Server;
  let businessId: string;
  let close: () => Promise<void>;
  let productId: string;
  beforeEach(async () => {
    ({ a, b, businessId, close } = await twoServers());
    productId = v7();
    await call(a, 'POST', '/api/products', { id: productId, name: 'Sugar 1kg', code: '1001', price: 15_000 });
    await send(a, b, businessId);
  });
  afterEach(() => close());

  const product = async (s: Server, id = productId): Promise<Row> =>
    s.app.db.kysely.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (s: Server, id = productId) =>
    s.app.db.kysely
      .selectFrom('field_history')
      .select(['doc_id', 'field', 'value', 'won_value', 'reason'])
      .where('doc_id', '=', id)
      .orderBy('field')
      .execute();
  const productRef = (id = productId) => [{ type: 'product', id }];
  /** Both directions, then the product row must be the same on both, stamps included. */
  const exchange = async (refs = productRef()) => {
    const fromA = await docsOf(a, businessId, refs);
    const fromB = await docsOf(b, businessId, refs);
    await send(a, b, businessId, refs);
    await send(b, a, businessId, refs);
    // Sent again, crossing: nothing changes any more.
    await send(a, b, businessId, refs);
    return { fromA, fromB };
  };

  it("a location's home moved on one server, then back on the other: the later move wins on both", async () => {
    const id = v7();
    await call(a, 'POST', '/api/locations', { id, name: 'Store room' });
    const ref = [{ type: 'location', id }];
    await send(a, b, businessId, ref);
    const home = async (s: Server) =>
      (
        await s.app.db.kysely
          .selectFrom('locations')
          .select('home_server_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).home_server_id;
    b.app.clock.advance(60_000);
    await call(b, 'POST', `/api/locations/${id}/home`, {});
    await send(b, a, businessId, ref);
    expect([await home(a), await home(b)]).toEqual([b.serverId, b.serverId]);
    a.app.clock.advance(120_000);
    await call(a, 'POST', `/api/locations/${id}/home`, {});
    await send(a, b, businessId, ref);
    await send(b, a, businessId, ref);
    expect([await home(a), await home(b)]).toEqual([a.serverId, a.serverId]);
  });

  it('an edit from a server a release behind (without a column) keeps that column as it is', async () => {
    await call(a, 'PATCH', `/api/products/${productId}`, { buying_price: 9_000 });
    await exchange();
    b.app.clock.advance(60_000);
    await call(b, 'PATCH', `/api/products/${productId}`, { name: 'Sugar 1kg fine' });
    // what B would send before the migration that added buying_price
    const older = (await docsOf(b, businessId, productRef())).map((d) => {
      const body = {
        ...d.body,
        products: d.body.products!.map(({ buying_price: _gone, ...row }) => row),
      };
      return { ...d, body, hash: hashBody(body) };
    });
    expect(older[0]!.body.products[0]).not.toHaveProperty('buying_price');
    await applyOn(a, b.serverId, businessId, older);
    expect(await product(a)).toMatchObject({ name: 'Sugar 1kg fine', buying_price: 9_000 });
    // and the merged row is the same once B catches up
    await send(a, b, businessId, productRef());
    expect(await product(b)).toEqual(await product(a));
  });

  it('the same price edited on both: the later stamp wins on both, the loser is in history', async () => {
    await call(a, 'PATCH', `/api/products/${productId}`, { price: 18_000 });
    b.app.clock.advance(60_000);
    await call(b, 'PATCH', `/api/products/${productId}`, { price: 17_500 });
    await exchange();
    const [onA, onB] = [await product(a), await product(b)];
    expect(onA.price).toBe(17_500);
    expect(onB).toEqual(onA);
    for (const s of [a, b])
      expect(await history(s)).toEqual([
        {
          doc_id: productId,
          field: 'price',
          value: JSON.stringify({ price: 18_000, tax_rate: 0 }),
          won_value: JSON.stringify({ price: 17_500, tax_rate: 0 }),
          reason: 'concurrent',
        },
      ]);
    // The owner reads it: the value, where and when it was set, and what replaced it.
    const shown = (await call(b, 'GET', `/api/history/product/${productId}`)) as { items: unknown[] };
    expect(shown.items).toEqual([
      expect.objectContaining({
        field: 'price',
        reason: 'concurrent',
        value: { price: 18_000, tax_rate: 0 },
        set: { at: expect.any(String), here: false, server: '' },
        won_value: { price: 17_500, tax_rate: 0 },
        won: { at: b.app.clock.now().toISOString(), here: true, server: '' },
      }),
    ]);
    const staff = await buildUser(b.app.app, b.admin.cookie, { username: 'clerk' });
    const clerk = await signIn(b.app.app, staff.username, STAFF_PASSWORD);
    const refused = await b.app.app.inject({
      url: `/api/history/product/${productId}`,
      headers: { cookie: clerk.cookie },
    });
    expect(refused.statusCode).toBe(403);
    // Each side's price change stays in the price history (a union).
    const prices = await a.app.db.kysely
      .selectFrom('product_prices')
      .select('price')
      .where('product_id', '=', productId)
      .execute();
    expect(prices.map((p) => Number(p.price)).sort()).toEqual([15_000, 17_500, 18_000]);
  });

  it('renamed on one side and repriced on the other: both changes kept, nothing in history', async () => {
    // The web's form sends every field: the unchanged price and name must not be stamped.
    await call(a, 'PATCH', `/api/products/${productId}`, { name: 'Sugar 1kg (white)', price: 15_000 });
    b.app.clock.advance(60_000);
    await call(b, 'PATCH', `/api/products/${productId}`, { name: 'Sugar 1kg', price: 16_000 });
    await exchange();
    const [onA, onB] = [await product(a), await product(b)];
    expect(onA).toMatchObject({
      name: 'Sugar 1kg (white)',
      price: 16_000,
      search_key: 'sugar 1kg (white) 1001',
    });
    expect(onB).toEqual(onA);
    expect(await history(a)).toEqual([]);
    expect(await history(b)).toEqual([]);
  });

  it('an edit made after seeing a value wins, even from a clock behind; a clock 3 hours behind never wins against a later edit', async () => {
    // B's clock is 3 hours behind; A edits later in real time: A's value wins everywhere.
    b.app.clock.advance(-3 * 3600_000);
    await call(b, 'PATCH', `/api/products/${productId}`, { price: 11_000 });
    a.app.clock.advance(60_000);
    await call(a, 'PATCH', `/api/products/${productId}`, { price: 12_000 });
    await exchange();
    expect((await product(a)).price).toBe(12_000);
    expect((await product(b)).price).toBe(12_000);
    // B, still 3 hours behind, edits after seeing A's value: its stamp goes past A's, and it wins.
    await call(b, 'PATCH', `/api/products/${productId}`, { price: 13_000 });
    const stamps = JSON.parse(String((await product(b)).stamps)) as Record<string, string>;
    expect(parseStamp(stamps.price!)!.serverId).toBe(b.serverId);
    await exchange();
    expect((await product(a)).price).toBe(13_000);
    // A clock 3 hours ahead on A: B's later edit, made after seeing A's value, still wins.
    a.app.clock.advance(3 * 3600_000);
    await call(a, 'PATCH', `/api/products/${productId}`, { price: 14_000 });
    await exchange();
    await call(b, 'PATCH', `/api/products/${productId}`, { price: 14_500 });
    await exchange();
    expect((await product(a)).price).toBe(14_500);
    expect(await product(b)).toEqual(await product(a));
  });

  it('a code and a barcode given to two products apart: the earlier claim keeps them, the same on both servers', async () => {
    const early = v7();
    const late = v7();
    await call(a, 'POST', '/api/products', {
      id: early,
      name: 'Salt',
      code: '2002',
      barcodes: ['600100'],
      price: 5_000,
    });
    b.app.clock.advance(60_000);
    await call(b, 'POST', '/api/products', {
      id: late,
      name: 'Rice',
      code: '2002',
      barcodes: ['600100', '600200'],
      price: 9_000,
    });
    const refs = [...productRef(early), ...productRef(late)];
    await exchange(refs);
    // B saw both claims (A's product arrived there first): it keeps the lost values.
    expect((await history(b, late)).map((h) => [h.field, h.reason, h.value])).toEqual([
      ['barcodes', 'unique', JSON.stringify({ barcodes: ['600100', '600200'] })],
      ['code', 'unique', JSON.stringify({ code: '2002' })],
    ]);
    for (const s of [a, b]) {
      expect((await product(s, early)).code).toBe('2002');
      expect((await product(s, late)).code).toBe(`2002-${late.replace(/-/g, '').slice(-4)}`);
      const codes = await s.app.db.kysely
        .selectFrom('product_barcodes')
        .select(['barcode', 'product_id'])
        .orderBy('barcode')
        .execute();
      expect(codes).toEqual([
        { barcode: '600100', product_id: early },
        { barcode: '600200', product_id: late },
      ]);
    }
    // The owner is told on the server that replaced them.
    expect(await call(b, 'GET', '/api/notifications')).toMatchObject({ replaced_values: 2 });
    expect(await product(b, late)).toEqual(await product(a, late));
    expect(await product(b, early)).toEqual(await product(a, early));
  });

  it('a user name and a mobile taken on both servers: the earlier user keeps them, the later is renamed the same way on both', async () => {
    const first = await buildUser(a.app.app, a.admin.cookie, { username: 'mary', mobile: '+254700000001' });
    b.app.clock.advance(60_000);
    const second = await buildUser(b.app.app, b.admin.cookie, { username: 'Mary', mobile: '+254700000001' });
    const refs = [
      { type: 'user', id: first.id },
      { type: 'user', id: second.id },
    ];
    await exchange(refs);
    const user = (s: Server, id: string) =>
      s.app.db.kysely
        .selectFrom('users')
        .select(['username', 'username_key', 'mobile', 'stamps'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const renamed = `Mary-${second.id.replace(/-/g, '').slice(-4)}`;
    for (const s of [a, b]) {
      expect(await user(s, first.id)).toMatchObject({ username: 'mary', mobile: '+254700000001' });
      expect(await user(s, second.id)).toMatchObject({
        username: renamed,
        username_key: renamed.toLowerCase(),
        mobile: null,
      });
    }
    expect(await user(b, second.id)).toEqual(await user(a, second.id));
    // The renamed user signs in with the new name on both servers.
    for (const s of [a, b]) await signIn(s.app.app, renamed, STAFF_PASSWORD);
  });

  it("a user deactivated on the other server loses this server's sessions when the change arrives", async () => {
    const user = await buildUser(a.app.app, a.admin.cookie, { username: 'mary' });
    await send(a, b, businessId);
    const onB = await signIn(b.app.app, 'mary', STAFF_PASSWORD);
    const me = () => b.app.app.inject({ url: '/api/me', headers: { cookie: onB.cookie } });
    expect((await me()).statusCode).toBe(200);
    // A form sending the same locations again changes only what it changed: the name.
    const stampsOf = async () =>
      JSON.parse(
        (
          await a.app.db.kysely
            .selectFrom('users')
            .select('stamps')
            .where('id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).stamps,
      ) as Record<string, string>;
    await call(a, 'PATCH', `/api/users/${user.id}`, { name: 'Mary W', location_ids: user.location_ids });
    expect(Object.keys(await stampsOf()).sort()).toEqual(['$created', '^name', 'name']);
    await call(a, 'PATCH', `/api/users/${user.id}`, { active: false });
    await send(a, b, businessId, [{ type: 'user', id: user.id }]);
    expect((await me()).statusCode).toBe(401);
    const session = await b.app.db.kysely
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.revoked_at).not.toBeNull();
  });
});
