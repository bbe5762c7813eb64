import type { Reversal, Sale } from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, postSale, reversed, sold, staffWith } from '../../test/sales-factories.js';
import { statementsOf as recorded } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * Issue 21: on PostgreSQL every statement is a round trip (a socket write and a wake-up of the
 * database's process), so a document and its lines (a sale's with its summaries and the drop of
 * its cart) go in one statement, and the receipt number is taken from this server's series in
 * one. A sale's writes are one statement on PostgreSQL. The shop's SQLite has no round trips and keeps one statement each (it has no
 * data-modifying `with`; its series read is kept between writes). A sale's reads under its
 * business's lock (its id, its location, its products, a cashier's right to the location) are one
 * statement on PostgreSQL too.
 */
describe('the round trips of a sale and of its reversal', () => {
  let t: TestApp;
  let s: Shop;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  const statementsOf = <T>(act: () => Promise<T>) => recorded(t.db, act);
  const naming = (texts: string[], pattern: RegExp) => texts.filter((text) => pattern.test(text));

  const sell = () =>
    sold(t.app, s.admin, {
      kind: 'cash',
      lines: [
        { product_id: s.sugar.id, quantity: 1000 },
        { product_id: s.bread.id, quantity: 2000 },
      ],
      tendered: 100_000,
    });

  it('a sale: its row and lines, and its receipt number', async () => {
    const first = await sell(); // makes the series' counter
    const { texts, result: sale } = await statementsOf(sell);
    expect(Number(sale.receipt_no)).toBe(Number(first.receipt_no) + 1);
    const rows = await t.db.kysely
      .selectFrom('sale_lines')
      .select('product_id')
      .where('sale_id', '=', sale.id)
      .orderBy('line_no')
      .execute();
    expect(rows.map((r) => r.product_id)).toEqual([s.sugar.id, s.bread.id]);

    const saleRow = naming(texts, /insert into "sales"/i);
    const lines = naming(texts, /insert into "sale_lines"/i);
    const counter = naming(texts, /update "receipt_counters"/i);
    const series = naming(texts, /"sync_links"/i);
    const cart = naming(texts, /delete from "work_drafts"/i);
    const summaries = naming(
      texts,
      /insert into "(sales_summary_daily|product_sales_daily|product_sales_monthly)"/i,
    );
    const movements = naming(texts, /insert into "stock_movements"/i);
    const levels = naming(texts, /insert into "stock_levels"/i);
    const journal = naming(texts, /insert into "?journal\b/i);
    expect(saleRow).toHaveLength(1);
    expect(lines).toHaveLength(1);
    expect(counter).toHaveLength(1);
    expect(cart).toHaveLength(1);
    expect(journal).toHaveLength(1);
    // a cash sale reads no debtor and no provider (their reads are a debtor's or a transfer's shape)
    expect(naming(texts, /"debtors"|"payment_providers"/i)).toEqual([]);
    const entry = await t.db.kysely
      .selectFrom('journal')
      .select(['action', 'detail', 'hlc'])
      .where('doc_id', '=', sale.id)
      .executeTakeFirstOrThrow();
    expect(entry.action).toBe('sale.cash');
    expect(JSON.parse(entry.detail!)).toEqual({ receipt_no: sale.receipt_no, total: sale.total, lines: 2 });
    expect(entry.hlc).not.toBe('');
    if (t.db.dialect === 'postgres') {
      // One statement writes it all: the sale, its lines, the summaries, the cart's drop, the
      // stock's movements and levels, and the journal's entry; the receipt counter is taken by
      // the reads; with the lock (sent with `begin`) and `commit`, four round trips in all (the
      // session is kept, and its minute's touch of `last_seen_at` is not counted).
      for (const part of [lines, cart, summaries, movements, levels, journal]) expect(part).toEqual(saleRow);
      expect(series).toEqual(counter); // the series found inside the counter's update
      expect(counter[0]).toMatch(/"products"/); // in the reads' statement
      const trips = texts.filter((text) => !/"sessions"/.test(text));
      expect(trips).toHaveLength(4);
      expect(trips[0]).toMatch(/from "businesses" .* for update/);
      expect(trips).not.toContain('begin');
    } else {
      expect(lines).not.toEqual(saleRow);
      expect(cart).not.toEqual(saleRow);
      expect(summaries).toHaveLength(3);
      expect(series).toEqual([]); // kept from the first sale
    }
  });

  /** The reads between the business's lock and the first write: of the id, the location, the products. */
  const readsOf = (texts: string[]) =>
    texts.filter(
      (text) =>
        /^\s*(select|with)/i.test(text) &&
        !/insert into/i.test(text) &&
        /from "sales"|join "sales"|"locations"|"products"|"user_locations"/i.test(text) &&
        !/for update/i.test(text),
    );

  it("a sale's reads, an admin's and a cashier's: one statement on PostgreSQL", async () => {
    const cashier = await staffWith(t.app, s.admin, ['sell_cash'], {
      username: 'round_trips_cashier',
      location_ids: [s.shop.id],
    });
    for (const who of [s.admin, cashier.cookie]) {
      await sold(t.app, who, {
        kind: 'cash',
        lines: [{ product_id: s.milk.id, quantity: 1000 }],
        tendered: 100_000,
      });
      const { texts, result: sale } = await statementsOf(() =>
        sold(t.app, who, {
          kind: 'cash',
          location_id: s.shop.id,
          lines: [
            { product_id: s.sugar.id, quantity: 1000 },
            { product_id: s.bread.id, quantity: 2000 },
          ],
          tendered: 100_000,
        }),
      );
      expect(sale.location_id).toBe(s.shop.id);
      const reads = readsOf(texts);
      if (t.db.dialect === 'postgres') {
        expect(reads).toHaveLength(1);
        for (const table of ['sales', 'locations', 'products', 'stock_counts'])
          expect(reads[0]).toContain(`"${table}"`);
        if (who === cashier.cookie) expect(reads[0]).toContain('"user_locations"');
      } else expect(reads.length).toBeGreaterThanOrEqual(1); // the id's (the others are kept)
    }
  });

  it('a reversal: its row and lines, and its receipt number', async () => {
    const sale: Sale = await sell();
    const { texts, result: reversal } = await statementsOf((): Promise<Reversal> =>
      reversed(t.app, s.admin, sale.id),
    );
    expect(Number(reversal.receipt_no)).toBe(Number(sale.receipt_no) + 1);
    const rows = await t.db.kysely
      .selectFrom('sale_reversal_lines')
      .select('product_id')
      .where('reversal_id', '=', reversal.id)
      .execute();
    expect(rows.map((r) => r.product_id).sort()).toEqual([s.sugar.id, s.bread.id].sort());

    const reversalRow = naming(texts, /insert into "sale_reversals"/i);
    const lines = naming(texts, /insert into "sale_reversal_lines"/i);
    const series = naming(texts, /"sync_links"/i);
    expect(reversalRow).toHaveLength(1);
    expect(lines).toHaveLength(1);
    // its answer is made of what it wrote and read: nothing is read back after the writes
    expect(naming(texts, /^select "sale_reversals"\.\*/i)).toEqual([]);
    if (t.db.dialect === 'postgres') {
      expect(lines).toEqual(reversalRow);
      expect(series).toEqual(naming(texts, /update "receipt_counters"/i));
    } else expect(lines).not.toEqual(reversalRow);
  });

  it('a reversal of each kind: on PostgreSQL its reads in one statement and its writes in another, five round trips', async () => {
    const sales = {
      cash: await sell(),
      debtor: await sold(t.app, s.admin, {
        kind: 'debtor',
        debtor_id: s.debtor.id,
        lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      }),
      transfer: await sold(t.app, s.admin, {
        kind: 'transfer',
        lines: [{ product_id: s.bread.id, quantity: 1000 }],
        provider_id: s.mpesa.id,
        reference: 'RT-REVERSED-1',
      }),
    };
    for (const [kind, sale] of Object.entries(sales)) {
      const { texts, result: reversal } = await statementsOf((): Promise<Reversal> =>
        reversed(t.app, s.admin, sale.id, kind === 'transfer' ? { reference: 'RT-REFUND-1' } : {}),
      );
      expect(reversal.total).toBe(sale.total);
      // the answer is the one a retry or a later read gives
      const again = await t.app.inject({
        url: `/api/reversals/${reversal.id}`,
        headers: { cookie: s.admin },
      });
      expect(again.json()).toEqual(reversal);
      if (t.db.dialect !== 'postgres') continue;
      const trips = texts.filter((text) => !/"sessions"/.test(text));
      const [write] = naming(texts, /insert into "sale_reversals"/i);
      const [reads] = naming(texts, /^with "bumped"/i);
      for (const table of ['sale_lines', 'sale_reversal_lines', 'locations', 'stock_counts'])
        expect(reads, kind).toContain(`"${table}"`);
      for (const part of ['stock_movements', 'stock_levels', 'sales_summary_daily', 'journal'])
        expect(write, kind).toMatch(new RegExp(`insert into "?${part}\\b`, 'i'));
      if (kind === 'debtor') {
        expect(reads).toContain('from "debtors"');
        expect(write).toMatch(/update "debtors"/);
        expect(write).toContain('insert into "debtor_entries"');
      }
      if (kind === 'transfer') {
        expect(reads).toContain('from "payment_providers"');
        expect(write).toContain('insert into "transfers"');
        expect(write).toContain('insert into "transfer_totals"');
      }
      // the sale's read, the business's lock (with `begin`), the reads, the writes, `commit`
      expect(trips, kind).toHaveLength(5);
      expect(trips[1]).toMatch(/from "businesses" .* for update/);
      expect(trips.slice(2, 4)).toEqual([reads, write]);
    }
  });

  it("a transfer sale: its entry in the transfers' register written with it; the provider and the reference read in one", async () => {
    const sellByTransfer = (reference: string) =>
      sold(t.app, s.admin, {
        kind: 'transfer',
        lines: [
          { product_id: s.sugar.id, quantity: 1000 },
          { product_id: s.bread.id, quantity: 2000 },
        ],
        provider_id: s.mpesa.id,
        reference,
      });
    await sellByTransfer('RT-WARM-1');
    const { texts, result: sale } = await statementsOf(() => sellByTransfer('RT-ROUND-2'));
    const entries = await t.db.kysely
      .selectFrom('transfers')
      .select(['source', 'source_id', 'receipt_no', 'provider_id', 'reference', 'amount', 'location_id'])
      .where('source_id', '=', sale.id)
      .execute();
    expect(entries.map((e) => ({ ...e, amount: Number(e.amount) }))).toEqual([
      {
        source: 'sale',
        source_id: sale.id,
        receipt_no: sale.receipt_no,
        provider_id: s.mpesa.id,
        reference: 'RT-ROUND-2',
        amount: sale.total,
        location_id: s.shop.id,
      },
    ]);
    const transferred = naming(texts, /insert into "transfers"/i);
    const providers = naming(texts, /"payment_providers"/i);
    expect(transferred).toHaveLength(1);
    expect(providers).toHaveLength(1);
    expect(providers[0]).toMatch(/from "transfers"/); // the reference's use, in the provider's read
    if (t.db.dialect === 'postgres') {
      expect(transferred).toEqual(naming(texts, /insert into "sales"/i));
      // the provider is read with the products, the totals written with the sale: a cash sale's four
      expect(providers).toEqual(naming(texts, /^with "bumped"/i));
      expect(naming(texts, /"transfer_totals"/i)).toEqual(transferred);
      expect(texts.filter((text) => !/"sessions"/.test(text))).toHaveLength(4);
    }
    // The same reference again is refused, naming the receipt that used it, and writes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { cookie: s.admin },
      payload: {
        id: '01a2c0de-0000-7000-8000-000000000021',
        kind: 'transfer',
        lines: [{ product_id: s.sugar.id, quantity: 1000 }],
        provider_id: s.mpesa.id,
        reference: 'RT-ROUND-2',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'reference_used',
      field: 'reference',
      params: { receipt_no: sale.receipt_no },
    });
  });

  it('a debtor sale: the debtor read with the products on PostgreSQL; an unknown one refused, one over the limit too', async () => {
    const onCredit = (debtorId: string, quantity = 1000) =>
      postSale(t.app, s.admin, {
        kind: 'debtor',
        debtor_id: debtorId,
        lines: [{ product_id: s.sugar.id, quantity }],
      });
    await sold(t.app, s.admin, {
      kind: 'debtor',
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
    });
    const { texts, result } = await statementsOf(() => onCredit(s.debtor.id));
    expect(result.statusCode, result.body).toBe(201);
    const debtorReads = naming(texts, /^select .* from "debtors"/i);
    const moved = naming(texts, /update "debtors"/i);
    const entries = naming(texts, /insert into "debtor_entries"/i);
    expect(moved).toHaveLength(1);
    expect(entries).toHaveLength(1);
    if (t.db.dialect === 'postgres') {
      expect(debtorReads).toEqual([]);
      expect(naming(texts, /^with "bumped"/i)[0]).toMatch(/from "debtors"/);
      // the balance's move and the entry are parts of the sale's one statement: a cash sale's four
      expect(moved).toEqual(naming(texts, /insert into "sales"/i));
      expect(entries).toEqual(moved);
      expect(texts.filter((text) => !/"sessions"/.test(text))).toHaveLength(4);
    } else expect(debtorReads).toHaveLength(1);
    // the sale's balance after it is the debtor's, in the answer and in the database
    const sale = result.json<Sale>();
    const [stored, debtor, sum] = await Promise.all([
      t.db.kysely
        .selectFrom('sales')
        .select('debtor_balance_after')
        .where('id', '=', sale.id)
        .executeTakeFirstOrThrow(),
      t.db.kysely
        .selectFrom('debtors')
        .select('balance')
        .where('id', '=', s.debtor.id)
        .executeTakeFirstOrThrow(),
      t.db.kysely
        .selectFrom('debtor_entries')
        .select((eb) => eb.fn.sum<number>('amount').as('s'))
        .where('debtor_id', '=', s.debtor.id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(sale.debtor_balance_after).toBe(Number(debtor.balance));
    expect(Number(stored.debtor_balance_after)).toBe(Number(debtor.balance));
    expect(Number(sum.s)).toBe(Number(debtor.balance));
    const unknown = await onCredit('01a2c0de-0000-7000-8000-0000000000d1');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'validation_failed', field: 'debtor_id' });
    const over = await onCredit(s.debtor.id, 10_000_000);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'credit_limit_exceeded', field: 'debtor_id' });
  });

  /** Takes the business's journal away, runs `act`, and answers the journal's entries after it. */
  const journalAfresh = async (act: () => Promise<unknown>) => {
    const { business_id: businessId } = await t.db.kysely
      .selectFrom('locations')
      .select('business_id')
      .where('id', '=', s.shop.id)
      .executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('journal').where('business_id', '=', businessId).execute();
    await t.db.kysely.deleteFrom('journal_counters').where('business_id', '=', businessId).execute();
    await act();
    const entries = await t.db.kysely
      .selectFrom('journal')
      .select(['seq', 'doc_id', 'action'])
      .where('business_id', '=', businessId)
      .execute();
    return entries.map((e) => ({ ...e, seq: Number(e.seq) }));
  };

  // Last: they take the business's journal away.
  it("a business's first journal entry made by a sale: the counter is made, the entry is 1", async () => {
    let sale: Sale | undefined;
    const entries = await journalAfresh(async () => {
      sale = await sell();
    });
    expect(entries).toEqual([{ seq: 1, doc_id: sale!.id, action: 'sale.cash' }]);
  });

  it("a business's first journal entry made by a reversal: the counter is made, the entry is 1", async () => {
    const sale = await sell();
    let reversal: Reversal | undefined;
    const entries = await journalAfresh(async () => {
      reversal = await reversed(t.app, s.admin, sale.id);
    });
    expect(entries).toEqual([{ seq: 1, doc_id: reversal!.id, action: 'sale.reverse_cash' }]);
  });
});
