import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories.js';
import { linkedShopKit } from '../../test/sync-apply-kit.js';
import { type SyncPair, pushAll } from '../../test/sync-harness.js';
import { buildTenant, type Tenant } from '../../test/tenancy-factories.js';
import { hashBody } from './documents.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// A pushed user is set aside (quarantined) when it would reach into another business on the
// hosted server: its home location, its sign-in name or its mobile; the rest of the batch applies.
describe('applying pushed users on the hosted server', () => {
  const kit = linkedShopKit();
  const { batchFrom, push } = kit;
  let p: SyncPair;
  let shop: Tenant;
  beforeEach(() => {
    ({ p, shop } = kit);
  });

  it("sets aside a user kept at another business's location, and applies the rest", async () => {
    const other = await buildTenant(p.hosted, 'Other');
    const batch = await batchFrom(0, null, 1000);
    // a staff user no other document of the batch names
    const i = batch.documents.findLastIndex((d) => d.type === 'user');
    const doc = batch.documents[i]!;
    const body = {
      ...doc.body,
      users: [{ ...doc.body.users![0]!, home_location_id: other.main.id }],
    };
    const documents = [...batch.documents];
    documents[i] = { ...doc, body, hash: hashBody(body) };
    const answer = await push({ ...batch, documents });
    expect(answer.quarantined).toEqual([{ doc_type: 'user', doc_id: doc.id, reason: 'missing_reference' }]);
    const kept = await p.hosted.db.kysely
      .selectFrom('users')
      .select('id')
      .where('home_location_id', '=', other.main.id)
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(kept).toEqual([]);
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

  it('sets aside a user whose name another business on the hosted server has, and applies the rest', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const other = await buildTenant(p.hosted, 'Other');
    const made = await p.local.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: shop.admin },
      payload: { name: 'Twin', username: other.logins.admin, password: 'twin-pass-123' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const outcome = await pushAll(p, shop.businessId);
    expect(outcome.kind).toBe('caught_up');
    const list = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select(['doc_type', 'reason'])
      .execute();
    expect(list).toEqual([{ doc_type: 'user', reason: 'username_taken' }]);
    // The other business's user is untouched and still signs in.
    expect(
      (await signIn(p.hosted.app, other.logins.admin, 'owner-pass-1', 'WEB-2')).session.business.id,
    ).toBe(other.businessId);
  });

  it('sets aside a user whose mobile another business has in its other form (with or without +)', async () => {
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const other = await buildTenant(p.hosted, 'OtherMobile');
    await p.hosted.db.kysely
      .updateTable('users')
      .set({ mobile: '+254799000999' })
      .where('business_id', '=', other.businessId)
      .where('username_key', '=', other.logins.admin.toLowerCase())
      .execute();
    const made = await p.local.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: shop.admin },
      payload: { name: 'Twin', username: 'mobile_twin', mobile: '254799000999', password: 'twin-pass-123' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const list = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select(['doc_type', 'reason'])
      .where('business_id', '=', shop.businessId)
      .execute();
    expect(list).toContainEqual({ doc_type: 'user', reason: 'mobile_taken' });
    // The number, typed either way, still signs in the other business's user.
    for (const login of ['254799000999', '+254799000999'])
      expect((await signIn(p.hosted.app, login, 'owner-pass-1', 'WEB-3')).session.business.id).toBe(
        other.businessId,
      );
  });
});

describe('a file made by a user set aside for a taken name', () => {
  const kit = linkedShopKit();

  it('is set aside as missing its maker, and the push goes on', async () => {
    const { p, shop } = kit;
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const other = await buildTenant(p.hosted, 'Other');
    const twin = await buildUser(p.local.app, shop.admin, { username: other.logins.admin });
    // an image the twin uploaded (its profile picture, say): the file names it as its maker
    const boundary = '----dukatwin';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`;
    const up = await p.local.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: shop.admin },
    });
    expect(up.statusCode, up.body).toBe(201);
    await p.local.db.kysely
      .updateTable('files')
      .set({ created_by: twin.id })
      .where('name', '=', up.json<{ name: string }>().name)
      .execute();
    expect(await pushAll(p, shop.businessId)).toEqual({ kind: 'caught_up', batches: 1 });
    const set = await p.hosted.db.kysely
      .selectFrom('sync_quarantine')
      .select(['doc_type', 'reason'])
      .where('business_id', '=', shop.businessId)
      .orderBy('doc_type')
      .execute();
    expect(set).toEqual([
      { doc_type: 'file', reason: 'missing_reference' },
      { doc_type: 'user', reason: 'username_taken' },
    ]);
    // what came after it is written
    await buildUser(p.local.app, shop.admin, { username: 'after_twin' });
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const after = await p.hosted.db.kysely
      .selectFrom('users')
      .select('username')
      .where('business_id', '=', shop.businessId)
      .where('username', '=', 'after_twin')
      .execute();
    expect(after).toHaveLength(1);
  });
});
