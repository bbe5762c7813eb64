import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINK_CODE_TTL_MS } from '@duka/domain';
import { SYNC_FORMAT } from './wire.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import { buildBatch, DEFAULT_LIMITS } from './batch.js';
import { SyncCallError, callHosted, checkedHostedUrl } from './client.js';
import { makeLinkCode } from './link-hosted.js';
import { hostedSeries } from './series.js';
import { linkOf, linkToHosted, openCredential, serverIdOf } from './link-local.js';
import { pullPending } from './pull.js';
import {
  KEYS,
  type SyncPair,
  hostedPlaceholder,
  link,
  pullAll,
  pushAll,
  syncPair,
} from '../../test/sync-harness.js';

/** The hosted answer's error code for a call that must fail. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SyncCallError) return err.code;
    if (err instanceof Error && 'code' in err) return String((err as { code: unknown }).code);
    throw err;
  }
  throw new Error('the call succeeded');
}

describe('sync credentials and link codes', () => {
  let p: SyncPair;
  beforeEach(async () => {
    p = await syncPair();
  });
  afterEach(async () => {
    await p.close();
  });

  it('a link code works once, again only for the server that used it (its answer lost), and expires after 15 minutes; unknown, used and expired codes get the same answer', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    const target = await hostedPlaceholder(p.hosted, 'Shop');
    const expired = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    p.hosted.clock.advance(LINK_CODE_TTL_MS + 1);
    const at = p.local.clock.now().toISOString();
    const tryCode = (code: string) => linkToHosted(p.local.db, shop.businessId, p.hostedUrl, code, KEYS, at);
    expect(await refusal(tryCode(expired.code))).toBe('link_code_invalid');
    expect(await refusal(tryCode('ZZZZZZZZ'))).toBe('link_code_invalid');
    const good = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    await tryCode(good.code);
    const first = (await linkOf(p.local.db, shop.businessId))!;
    // The answer was lost (the line cut after the hosted side committed): the shop has no link and
    // asks again with the same code. It is linked again, with a new credential; the first is void.
    await p.local.db.kysely.deleteFrom('sync_links').execute();
    await tryCode(good.code);
    const again = (await linkOf(p.local.db, shop.businessId))!;
    expect(again.credential).not.toBe(first.credential);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
    const deps = { db: p.local.db, keys: KEYS, now: () => p.local.clock.now() };
    expect(await pullPending(deps, first)).toMatchObject({ kind: 'stopped', state: 'revoked' });
    // another server with the used code, and the same server once it expired, are refused
    await p.local.db.kysely.deleteFrom('sync_links').execute();
    const me = await serverIdOf(p.local.db);
    await p.local.db.kysely.updateTable('server_identity').set({ id: v7() }).execute();
    expect(await refusal(tryCode(good.code))).toBe('link_code_invalid');
    await p.local.db.kysely.updateTable('server_identity').set({ id: me }).execute();
    p.hosted.clock.advance(LINK_CODE_TTL_MS + 1);
    expect(await refusal(tryCode(good.code))).toBe('link_code_invalid');
  });

  it('a PC linked from its screen takes the name typed there into the hosted list of shop PCs', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    const target = await hostedPlaceholder(p.hosted, 'Shop');
    const { code } = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    const res = await p.local.app.inject({
      method: 'POST',
      url: '/api/sync/link',
      headers: { cookie: shop.admin },
      payload: { hosted_url: p.hostedUrl, code, name: '  Front counter ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await p.hosted.db.kysely
      .selectFrom('sync_servers')
      .select('name')
      .where('business_id', 'in', [target, shop.businessId])
      .execute();
    expect(row.map((r) => r.name)).toEqual(['Front counter']);
  });

  it('refuses to link to a hosted business with records of its own, and a user name another business has', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    const busy = await buildTenant(p.hosted, 'Busy');
    const at = p.local.clock.now().toISOString();
    const code = await makeLinkCode(p.hosted.db, busy.businessId, null, p.hosted.clock.now());
    expect(await refusal(linkToHosted(p.local.db, shop.businessId, p.hostedUrl, code.code, KEYS, at))).toBe(
      'link_business_has_data',
    );
    // The shop's owner name is already someone else's on the hosted server.
    await p.hosted.db.kysely
      .updateTable('users')
      .set({ username: shop.logins.admin, username_key: shop.logins.admin })
      .where('username', '=', 'busyboss')
      .execute();
    const target = await hostedPlaceholder(p.hosted, 'Shop');
    const code2 = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    expect(await refusal(linkToHosted(p.local.db, shop.businessId, p.hostedUrl, code2.code, KEYS, at))).toBe(
      'link_username_taken',
    );
    expect(await linkOf(p.local.db, shop.businessId)).toBeUndefined();
    // nor one another business has as its mobile (sign-in takes either)
    await p.hosted.db.kysely
      .updateTable('users')
      .set({ username: 'busyboss', username_key: 'busyboss', mobile: `+${shop.logins.admin}` })
      .where('username', '=', shop.logins.admin)
      .execute();
    const code3 = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    expect(await refusal(linkToHosted(p.local.db, shop.businessId, p.hostedUrl, code3.code, KEYS, at))).toBe(
      'link_username_taken',
    );
    expect(await linkOf(p.local.db, shop.businessId)).toBeUndefined();
  });

  it("a credential for business A cannot push B's documents, and a revoked credential is refused at once", async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    const row = (await linkOf(p.local.db, shop.businessId))!;
    const credential = openCredential(row, KEYS);
    const serverId = await serverIdOf(p.local.db);
    const batch = await buildBatch(
      { db: p.local.db, businessId: shop.businessId, serverId, keys: KEYS, limits: DEFAULT_LIMITS },
      { seq: 0, entry_id: null },
    );
    const otherId = await hostedPlaceholder(p.hosted, 'Other');
    const forged = { ...batch!, business_id: otherId };
    const push = (body: unknown) =>
      callHosted(p.hostedUrl, '/api/sync/v1/push', body, { credential, timeoutMs: 10_000 });
    expect(await refusal(push(forged))).toBe('sync_forbidden');
    const otherRows = await p.hosted.db.kysely
      .selectFrom('sales')
      .select('id')
      .where('business_id', '=', otherId)
      .execute();
    expect(otherRows).toEqual([]);
    // A wrong credential is not a credential.
    expect(
      await refusal(
        callHosted(p.hostedUrl, '/api/sync/v1/push', batch, { credential: 'dks1_nope', timeoutMs: 10_000 }),
      ),
    ).toBe('unauthorized');
    await p.hosted.db.kysely
      .updateTable('sync_servers')
      .set({ revoked_at: new Date().toISOString() })
      .execute();
    expect(await refusal(push(batch))).toBe('sync_revoked');
    const outcome = await pushAll(p, shop.businessId);
    expect(outcome).toMatchObject({ kind: 'stopped', state: 'revoked' });
    expect((await linkOf(p.local.db, shop.businessId))!.state).toBe('revoked');
  });

  it('a link revoked while its pull waits for news gets no answer but the revocation', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    await pushAll(p, shop.businessId);
    await pullAll(p, p.local, shop.businessId);
    const row = (await linkOf(p.local.db, shop.businessId))!;
    const pull = callHosted(
      p.hostedUrl,
      '/api/sync/v1/pull',
      {
        format: SYNC_FORMAT,
        server_id: await serverIdOf(p.local.db),
        business_id: shop.businessId,
        after: { seq: Number(row.pull_cursor), entry_id: row.pull_cursor_entry_id },
        wait_ms: 1_500,
      },
      { credential: openCredential(row, KEYS), timeoutMs: 10_000 },
    );
    const answer = refusal(pull);
    await new Promise((r) => setTimeout(r, 300));
    await p.hosted.db.kysely
      .updateTable('sync_servers')
      .set({ revoked_at: new Date().toISOString() })
      .execute();
    expect(await answer).toBe('sync_revoked');
  });

  it("a link code of another business cannot take a linked shop server's row, credential or cursor", async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    const serverId = await serverIdOf(p.local.db);
    const rowOf = () =>
      p.hosted.db.kysely
        .selectFrom('sync_servers')
        .select(['business_id', 'credential_hash', 'revoked_at'])
        .where('id', '=', serverId)
        .executeTakeFirstOrThrow();
    const before = await rowOf();
    const other = await hostedPlaceholder(p.hosted, 'Other');
    const code = await makeLinkCode(p.hosted.db, other, null, p.hosted.clock.now());
    const taking = {
      format: SYNC_FORMAT,
      code: code.code,
      server: { id: serverId, name: 'Not the shop', app_version: '1', migrations: [] },
      business: null,
      logins: [],
      head: { seq: 0, entry_id: null },
    };
    expect(await refusal(callHosted(p.hostedUrl, '/api/sync/v1/link', taking, { timeoutMs: 10_000 }))).toBe(
      'sync_forbidden',
    );
    expect(await rowOf()).toEqual(before);
    expect(before.business_id).toBe(shop.businessId);
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  });

  it("a link cannot take the hosted site's own row, nor name itself with an id the owner could not revoke", async () => {
    const target = await hostedPlaceholder(p.hosted, 'Shop');
    await p.hosted.db.kysely.transaction().execute((trx) => hostedSeries(trx, target));
    const rowOf = () =>
      p.hosted.db.kysely
        .selectFrom('sync_servers')
        .select(['id', 'credential_hash', 'hosted'])
        .where('business_id', '=', target)
        .execute();
    const before = await rowOf();
    const hostedRow = before.find((r) => Number(r.hosted) === 1)!;
    const code = await makeLinkCode(p.hosted.db, target, null, p.hosted.clock.now());
    const asking = (id: string) => ({
      format: SYNC_FORMAT,
      code: code.code,
      server: { id, name: 'A PC', app_version: '1', migrations: [] },
      business: null,
      logins: [],
      head: { seq: 0, entry_id: null },
    });
    const call = (id: string) =>
      callHosted(p.hostedUrl, '/api/sync/v1/link', asking(id), { timeoutMs: 10_000 });
    expect(await refusal(call(hostedRow.id))).toBe('sync_forbidden');
    // revoking goes by UUID: a PC linked as "qa-srv-a1" would have held the business read-only for good
    expect(await refusal(call('qa-srv-a1'))).toBe('validation_failed');
    expect(await rowOf()).toEqual(before);
  });

  it('a hosted server older than the shop refuses its pushes as newer: the shop backs off and tries again, it does not stop', async () => {
    const shop = await buildTenant(p.local, 'Shop');
    await link(p, shop.businessId, await hostedPlaceholder(p.hosted, 'Shop'));
    // a hosted server not yet updated: it answers every push with sync_schema_newer
    const older = http.createServer((_req, res) => {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'sync_schema_newer', message: 'newer' } }));
    });
    await new Promise<void>((r) => older.listen(0, '127.0.0.1', r));
    try {
      const { port } = older.address() as AddressInfo;
      await p.local.db.kysely
        .updateTable('sync_links')
        .set({ hosted_url: `http://127.0.0.1:${port}` })
        .execute();
      expect(await pushAll(p, shop.businessId)).toMatchObject({ kind: 'failed', code: 'sync_schema_newer' });
      const row = (await linkOf(p.local.db, shop.businessId))!;
      expect(row.state).toBe('copying');
      expect(row.last_error_code).toBe('sync_schema_newer');
    } finally {
      older.close();
    }
    // updated, it takes the pushes again
    await p.local.db.kysely.updateTable('sync_links').set({ hosted_url: p.hostedUrl }).execute();
    expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  });

  it('checks the credential before the body: none, an unknown one or another scheme is a 401, never a 422 naming fields', async () => {
    for (const url of ['/api/sync/v1/push', '/api/sync/v1/pull'])
      for (const authorization of [undefined, 'Bearer dks1_nope', 'Basic abc']) {
        const res = await p.hosted.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          payload: {},
        });
        expect(res.statusCode, `${url} ${authorization}`).toBe(401);
        expect(res.json().error.code).toBe('unauthorized');
        expect(res.body).not.toMatch(/entry_id|format/);
      }
  });

  it('never sends a credential over plain http except to loopback (or with the test flag)', () => {
    expect(() => checkedHostedUrl('http://duka.example.com')).toThrow(/https/);
    expect(checkedHostedUrl('https://duka.example.com/')).toBe('https://duka.example.com');
    expect(checkedHostedUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(() => checkedHostedUrl('https://user:pw@duka.example.com')).toThrow();
    expect(() => checkedHostedUrl('https://duka.example.com/?x=1')).toThrow();
  });
});
