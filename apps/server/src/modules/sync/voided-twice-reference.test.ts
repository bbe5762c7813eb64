import { v7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { expectTransferTotalsKept } from '../../test/ledger-check.js';
import { paid, sold } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier, received } from '../../test/stock-factories.js';
import { buildTenant } from '../../test/tenancy-factories.js';
import {
  type SyncPair,
  addBranch,
  hostedPlaceholder,
  join,
  link,
  pullAll,
  pushAll,
  pushFrom,
} from '../../test/sync-harness.js';
import { syncPair } from '../../test/sync-harness.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * One M-Pesa code taken by a debtor's payment at two branches while apart is flagged as received
 * twice everywhere (ADR 11 §11.5); when one of the two payments is voided (it was the wrong
 * debtor's), the flag goes, at the server that voided and at every server the void reaches (ADR 9).
 */
describe('a reference received twice, one payment voided', () => {
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
    branch = await addBranch(p, 'branch-v');
  });
  afterEach(async () => {
    await p.close();
  });

  const twice = async (db: Db) =>
    Number(
      (
        await db.kysely
          .selectFrom('transfer_totals')
          .select('references_twice')
          .where('business_id', '=', businessId)
          .executeTakeFirst()
      )?.references_twice ?? 0,
    );
  const exchange = async () => {
    for (let i = 0; i < 2; i++)
      for (const server of [p.local, branch]) {
        expect((await pushFrom(p, server, businessId)).kind).not.toBe('failed');
        await pullAll(p, server, businessId);
      }
  };

  it('is flagged while both stand, and no longer once one is voided', async () => {
    await join(p, branch, businessId);
    await pullAll(p, branch, businessId);
    const shopCookie = (await signIn(p.local.app, admin, ADMIN_PASSWORD, 'SHOP-TILL-V')).cookie;
    const branchCookie = (await signIn(branch.app, admin, ADMIN_PASSWORD, 'BRANCH-TILL-V')).cookie;
    const [location] = (
      await p.local.app.inject({ url: '/api/locations', headers: { cookie: shopCookie } })
    ).json<{ id: string }[]>();
    const tea = await buildProduct(p.local.app, shopCookie, { name: 'Void Tea', code: 'VTEA' });
    const supplier = await buildSupplier(p.local.app, shopCookie, 'Void Wholesale');
    await received(p.local.app, shopCookie, {
      supplier_id: supplier.id,
      location_id: location!.id,
      lines: [{ product_id: tea.id, quantity: 10_000, unit_cost: 5_000 }],
    });
    const post = (app: TestApp['app'], cookie: string, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const pesa = await post(p.local.app, shopCookie, '/api/payment-providers', {
      name: 'Void Pesa',
      kind: 'mobile_money',
    });
    const debtor = await post(p.local.app, shopCookie, '/api/debtors', {
      name: 'Two Place Tom',
      credit_limit: 1_000_000,
    });
    expect(debtor.statusCode, debtor.body).toBe(201);
    const debtorId = debtor.json<{ id: string }>().id;
    await sold(p.local.app, shopCookie, {
      kind: 'debtor',
      location_id: location!.id,
      debtor_id: debtorId,
      lines: [{ product_id: tea.id, quantity: 4_000 }],
    });
    await pushFrom(p, p.local, businessId);
    await pullAll(p, branch, businessId);

    const payment = {
      amount: 1_000,
      method: 'transfer',
      provider_id: pesa.json<{ id: string }>().id,
      reference: 'QX77SAME',
      location_id: location!.id,
    };
    const atShop = await paid(p.local.app, shopCookie, debtorId, payment);
    await paid(branch.app, branchCookie, debtorId, payment);
    await exchange();
    for (const server of [p.local, branch, p.hosted]) {
      expect(await twice(server.db)).toBe(1);
      await expectTransferTotalsKept(server.db);
    }

    const voided = await post(
      p.local.app,
      shopCookie,
      `/api/debtors/${debtorId}/payments/${atShop.id}/void`,
      {
        id: v7(),
        reason: 'The branch took this one',
      },
    );
    expect(voided.statusCode, voided.body).toBe(201);
    expect(await twice(p.local.db)).toBe(0);
    await exchange();
    for (const server of [p.local, branch, p.hosted]) {
      expect(await twice(server.db)).toBe(0);
      await expectTransferTotalsKept(server.db);
    }
    const notes = await branch.app.inject({ url: '/api/notifications', headers: { cookie: branchCookie } });
    expect(notes.json()).toMatchObject({ duplicate_references: 0 });
  });
});
