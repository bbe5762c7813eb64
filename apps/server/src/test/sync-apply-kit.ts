// One linked shop and its hosted server, with the calls the apply tests make: a batch built from
// the shop's journal, a push of it, a push expected to be refused, and the hosted journal's size.
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_LIMITS, buildBatch } from '../modules/sync/batch.js';
import { SyncCallError, callHosted } from '../modules/sync/client.js';
import { linkOf, openCredential, serverIdOf } from '../modules/sync/link-local.js';
import type { PushAnswer, PushBody } from '../modules/sync/wire.js';
import { KEYS, type SyncPair, hostedPlaceholder, link, syncPair } from './sync-harness.js';
import { buildTenant, type Tenant } from './tenancy-factories.js';

export interface ApplyKit {
  p: SyncPair;
  shop: Tenant;
  serverId: string;
  batchFrom: (seq: number, entryId: string | null, max?: number) => Promise<PushBody>;
  push: (body: PushBody) => Promise<PushAnswer>;
  refused: (body: PushBody) => Promise<SyncCallError>;
  hostedRows: () => Promise<number>;
}

/** Registers the set-up and tear-down of each test; the kit's fields are filled before each. */
export function linkedShopKit(): ApplyKit {
  const kit = {} as ApplyKit;
  let credential = '';
  beforeEach(async () => {
    kit.p = await syncPair();
    kit.shop = await buildTenant(kit.p.local, 'Shop');
    await link(kit.p, kit.shop.businessId, await hostedPlaceholder(kit.p.hosted, 'Shop'));
    credential = openCredential((await linkOf(kit.p.local.db, kit.shop.businessId))!, KEYS);
    kit.serverId = await serverIdOf(kit.p.local.db);
  });
  afterEach(async () => {
    await kit.p.close();
  });
  kit.batchFrom = async (seq, entryId, max = 10) =>
    (await buildBatch(
      {
        db: kit.p.local.db,
        businessId: kit.shop.businessId,
        serverId: kit.serverId,
        keys: KEYS,
        limits: { ...DEFAULT_LIMITS, max_entries: max },
      },
      { seq, entry_id: entryId },
    ))!;
  kit.push = (body) =>
    callHosted<PushAnswer>(kit.p.hostedUrl, '/api/sync/v1/push', body, { credential, timeoutMs: 10_000 });
  kit.refused = async (body) => {
    try {
      await kit.push(body);
    } catch (err) {
      if (err instanceof SyncCallError) return err;
      throw err;
    }
    throw new Error('the batch was applied');
  };
  kit.hostedRows = async () =>
    Number(
      (
        await kit.p.hosted.db.kysely
          .selectFrom('journal')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', kit.shop.businessId)
          .executeTakeFirst()
      )?.n,
    );
  return kit;
}
