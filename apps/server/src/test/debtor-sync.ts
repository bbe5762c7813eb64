import type { Debtor } from '@duka/domain';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, signIn } from './factories.js';
import { type Tenant, buildTenant } from './tenancy-factories.js';
import type { TestApp } from './test-app.js';
import { type SyncPair, hostedPlaceholder, link, pullAll, pushAll, syncPair } from './sync-harness.js';

/**
 * A shop linked two ways to a hosted copy, for the sync tests of a debtor's documents (a payment
 * voided, a credit paid out): its business pushed, the admin signed in on both, and what those
 * tests read of each side.
 */
export interface DebtorSync {
  p: SyncPair;
  shop: Tenant;
  /** The shop's admin, signed in on the hosted server. */
  hosted: string;
  read<T>(t: TestApp, cookie: string, url: string): Promise<T>;
  balance(t: TestApp, cookie: string, debtorId: string): Promise<number>;
  /** The documents set aside on a server (`sync_quarantine`). */
  setAside(t: TestApp): Promise<{ doc_type: string; doc_id: string; reason: string }[]>;
  /** The shop pushes what it has, then pulls what the hosted copy has. */
  exchange(): Promise<void>;
}

export async function debtorSync(tag: string): Promise<DebtorSync> {
  const p = await syncPair();
  const shop = await buildTenant(p.local, tag);
  await link(p, shop.businessId, await hostedPlaceholder(p.hosted, tag));
  const res = await p.local.app.inject({
    method: 'PATCH',
    url: '/api/business/profile',
    headers: { cookie: shop.admin },
    payload: { two_way_sync: true },
  });
  expect(res.statusCode).toBe(200);
  expect((await pushAll(p, shop.businessId)).kind).toBe('caught_up');
  const hosted = (await signIn(p.hosted.app, shop.logins.admin, ADMIN_PASSWORD, 'WEB-1')).cookie;
  async function read<T>(t: TestApp, cookie: string, url: string): Promise<T> {
    const got = await t.app.inject({ url, headers: { cookie } });
    expect(got.statusCode, `${url}: ${got.body}`).toBe(200);
    return got.json<T>();
  }
  return {
    p,
    shop,
    hosted,
    read,
    balance: async (t, cookie, debtorId) =>
      (await read<Debtor>(t, cookie, `/api/debtors/${debtorId}`)).balance,
    setAside: async (t) =>
      (
        await t.db.kysely
          .selectFrom('sync_quarantine')
          .select(['doc_type', 'doc_id', 'reason'])
          .where('business_id', '=', shop.businessId)
          .execute()
      ).map((r) => ({ ...r })),
    exchange: async () => {
      expect(['caught_up', 'idle']).toContain((await pushAll(p, shop.businessId)).kind);
      expect((await pullAll(p, p.local, shop.businessId)).kind).toBe('caught_up');
    },
  };
}
