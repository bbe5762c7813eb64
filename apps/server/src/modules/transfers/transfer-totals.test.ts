import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Dashboard, Notifications } from '@duka/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBusiness, importArchive } from '../../backup/archive.js';
import { transferTotals } from '../../db/migrations/0025-transfer-totals.js';
import { unconfirmedTransfers } from '../../db/migrations/0028-unconfirmed-transfers.js';
import { expectTransferTotalsKept, expectWaitingTransfersKept } from '../../test/ledger-check.js';
import { type Shop, buildShop, paid, reversed, sold } from '../../test/sales-factories.js';
import { statementsOf } from '../../test/statements.js';
import { freshDatabase } from '../../test/test-db.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';
import { countedTransferTotals } from './transfer-totals.js';

/**
 * Issue 21: the dashboard and the notifications read each business's transfer totals, kept by
 * every write, instead of every transfer it ever received; the notifications' last day comes from
 * the transfers kept while they wait for a confirmation (migration 0028). Each write path is
 * checked against the rows counted again (`expectTransferTotalsKept`, `expectWaitingTransfersKept`),
 * and so are the migrations' fills and an import.
 */
describe('transfer totals', () => {
  let t: TestApp;
  let s: Shop;
  let businessId: string;
  let dir: string;
  const get = async <T>(url: string) => {
    const res = await t.app.inject({ url, headers: { cookie: s.admin } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
  const transferSale = (reference: string, quantity = 1_000) =>
    sold(t.app, s.admin, {
      kind: 'transfer',
      location_id: s.shop.id,
      provider_id: s.mpesa.id,
      reference,
      lines: [{ product_id: s.bread.id, quantity }],
    });
  const confirm = async (transferId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${transferId}/confirm`,
      headers: { cookie: s.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const transferOf = (sourceId: string) =>
    t.db.kysely
      .selectFrom('transfers')
      .select(['id', 'amount'])
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-totals-'));
    t = await buildTestApp({ sessionIdleMs: 30 * 86_400_000, sessionMaxMs: 30 * 86_400_000 });
    at('2026-06-01T07:00:00Z');
    s = await buildShop(t.app, { timezone: 'Africa/Nairobi' });
    businessId = (await t.db.kysely.selectFrom('businesses').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves with sales, a reversal, a debtor payment and confirmations, and the dashboard shows them', async () => {
    const first = await transferSale('TT1OLD', 2_000);
    const second = await transferSale('TT2RET', 2_000);
    await expectTransferTotalsKept(t.db);
    const refund = await reversed(t.app, s.admin, second.id, {
      lines: [{ line_no: 1, quantity: 1_000 }],
      reference: 'TT2RFD',
    });
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.bread.id, quantity: 1_000 }],
    });
    await paid(t.app, s.admin, s.debtor.id, {
      amount: 1_000,
      method: 'transfer',
      provider_id: s.mpesa.id,
      reference: 'TT3PAY',
      location_id: s.shop.id,
    });
    await expectTransferTotalsKept(t.db);
    const confirmed = await transferOf(first.id);
    await confirm(confirmed.id);
    await confirm(confirmed.id); // a second confirmation changes nothing
    await expectTransferTotalsKept(t.db);

    // Open: the second sale (+), its refund (−) and the payment; the first is confirmed.
    const open = [await transferOf(second.id), await transferOf(refund.id)];
    const amount = open.reduce((sum, r) => sum + Number(r.amount), 0) + 1_000;
    expect(Number(open[1]!.amount)).toBeLessThan(0);
    const { texts, result } = await statementsOf(t.db, () => get<Dashboard>('/api/reports/dashboard'));
    expect(result.unconfirmed_transfers).toEqual({ count: 3, amount });
    // …read from the totals, not from the register
    expect(texts.filter((text) => /from "transfers"/.test(text))).toEqual([]);
    const totals = texts.filter((text) => /from "transfer_totals"/.test(text));
    expect(totals).toHaveLength(1);
    expect(totals[0]).toMatch(/from "debtors"/); // with the debtors' totals, one statement
  });

  it('the notifications count the unconfirmed ones older than a day from the totals less the last day', async () => {
    at('2026-06-02T09:00:00Z');
    await transferSale('TT4NEW');
    // The three open from 1 June are a day old; the one from this morning is not.
    const { texts, result } = await statementsOf(t.db, () => get<Notifications>('/api/notifications'));
    expect(result.unconfirmed_transfers).toBe(3);
    // …the last day's from the transfers kept while they wait (migration 0028), not the register
    expect(texts.filter((text) => /from "transfers"/.test(text))).toEqual([]);
    expect(texts.filter((text) => /from "transfers_unconfirmed"/.test(text))).toHaveLength(1);
    at('2026-06-03T10:00:00Z');
    expect((await get<Notifications>('/api/notifications')).unconfirmed_transfers).toBe(4);
    await expectWaitingTransfersKept(t.db);
  });

  it('migration 0028 finds the transfers already waiting', async () => {
    const waiting = await t.db.kysely
      .selectFrom('transfers_unconfirmed')
      .selectAll()
      .orderBy('created_at')
      .execute();
    expect(waiting).toHaveLength(4);
    await sql`drop table transfers_unconfirmed`.execute(t.db.kysely);
    await unconfirmedTransfers().up(t.db.kysely);
    expect(
      await t.db.kysely.selectFrom('transfers_unconfirmed').selectAll().orderBy('created_at').execute(),
    ).toEqual(waiting);
  });

  it('migration 0025 fills the totals from the transfers already recorded', async () => {
    const before = await countedTransferTotals(t.db.kysely, businessId);
    expect(before.transfers_count).toBe(5);
    await sql`drop table transfer_totals`.execute(t.db.kysely);
    await transferTotals(t.db.dialect).up(t.db.kysely);
    const filled = await t.db.kysely
      .selectFrom('transfer_totals')
      .selectAll()
      .where('business_id', '=', businessId)
      .executeTakeFirstOrThrow();
    expect(
      Object.fromEntries(Object.entries(filled).map(([k, v]) => [k, k === 'business_id' ? v : Number(v)])),
    ).toEqual(before);
  });

  it('an archive made before the totals existed is counted on import', async () => {
    const file = path.join(dir, 'old.duka.gz');
    const kept = await countedTransferTotals(t.db.kysely, businessId);
    const waiting = await t.db.kysely.selectFrom('transfers_unconfirmed').selectAll().execute();
    expect(waiting).toHaveLength(4);
    // as an archive of a Duka before migration 0025 would be: no totals, and no transfers kept as waiting (0028)
    await t.db.kysely.deleteFrom('transfer_totals').where('business_id', '=', businessId).execute();
    await t.db.kysely.deleteFrom('transfers_unconfirmed').execute();
    try {
      await exportBusiness(t.db, businessId, file, new Date('2026-06-03T10:00:00Z'));
    } finally {
      await sql`insert into transfer_totals values (${businessId}, ${kept.transfers_count}, ${kept.transfers_amount},
        ${kept.confirmed_count}, ${kept.confirmed_amount}, ${kept.references_twice})`.execute(t.db.kysely);
      await t.db.kysely.insertInto('transfers_unconfirmed').values(waiting).execute();
    }
    const target = await freshDatabase();
    try {
      await importArchive(target.db, file);
      expect(await countedTransferTotals(target.db.kysely, businessId)).toEqual(kept);
      await expectTransferTotalsKept(target.db);
      await expectWaitingTransfersKept(target.db);
      expect(await target.db.kysely.selectFrom('transfers_unconfirmed').selectAll().execute()).toHaveLength(
        4,
      );
    } finally {
      await target.dispose();
    }
  });
});
