/**
 * The writes of a sale, each a step of `postSale` inside its one transaction, after every check
 * passed: stock out, the debtor's entry, the sale and its lines, the report summaries, the
 * transfer and the journal row. `postSale` calls them in that order; keep it.
 */
import type { PricedSale, Sale, saleBodySchema } from '@duka/domain';
import type { z } from 'zod';
import type { BusinessRow, ProductRow, SaleLineRow } from '../../db/tables.js';
import type { Actor } from '../../lib/actor.js';
import { appendJournal } from '../../lib/journal.js';
import type { Trx } from '../../lib/tx.js';
import { postDebtorEntry } from '../debtors/debtor-ledger.js';
import { postMovements } from '../inventory/ledger.js';
import { addToSummaries } from '../reports/summaries.js';
import { recordTransfer } from '../transfers/transfer-ledger.js';
import type { SalePayment } from './sale-checks.js';
import { saleLineOf } from './sales.repository.js';

type Body = z.output<typeof saleBodySchema>;

/** The stock leaves the sale's location at each line's unit cost (below zero only if the business allows it). */
export async function moveSaleStock(
  trx: Trx,
  actor: Actor,
  business: BusinessRow,
  body: Body,
  lines: SaleLineRow[],
  products: Map<string, ProductRow>,
): Promise<void> {
  await postMovements(
    trx,
    actor,
    lines.map((l) => ({
      productId: l.product_id,
      locationId: body.location_id,
      quantity: -l.quantity,
      unitCost: l.unit_cost,
      kind: 'sale' as const,
      docType: 'sale',
      docId: body.id,
    })),
    {
      allowNegative: business.allow_negative_stock === 1,
      productNames: new Map([...products.values()].map((p) => [p.id, p.name])),
    },
  );
}

/** A debtor sale adds its total to the debtor's balance; answers the balance after (null for other kinds). */
export async function chargeDebtor(
  trx: Trx,
  actor: Actor,
  payment: SalePayment,
  sale: { id: string; total: number; receiptNo: string; day: string },
): Promise<number | null> {
  if (!payment.debtor) return null;
  return postDebtorEntry(trx, actor, {
    debtorId: payment.debtor.id,
    kind: 'sale',
    amount: sale.total,
    docId: sale.id,
    receiptNo: sale.receiptNo,
    businessDay: sale.day,
  });
}

/** The sale's row as stored. */
export function saleRow(
  actor: Actor,
  body: Body,
  hash: string,
  s: {
    receiptNo: string;
    day: string;
    priced: PricedSale;
    lines: SaleLineRow[];
    payment: SalePayment;
    balanceAfter: number | null;
  },
) {
  const { tendered, debtor, provider, reference } = s.payment;
  return {
    id: body.id,
    business_id: actor.businessId,
    receipt_no: s.receiptNo,
    kind: body.kind,
    location_id: body.location_id,
    user_id: actor.userId,
    device_id: actor.deviceId,
    business_day: s.day,
    gross: s.priced.gross,
    discount: s.priced.discount,
    total: s.priced.total,
    tax: s.priced.tax,
    cost: s.lines.reduce((sum, l) => sum + l.cost, 0),
    tendered,
    change: tendered === null ? null : tendered - s.priced.total,
    debtor_id: debtor?.id ?? null,
    debtor_balance_after: s.balanceAfter,
    provider_id: provider?.id ?? null,
    reference,
    note: body.note,
    request_hash: hash,
    created_at: actor.at,
  };
}
type SaleInsert = ReturnType<typeof saleRow>;

/** The sale, then its lines. */
export async function insertSale(trx: Trx, row: SaleInsert, lines: SaleLineRow[]): Promise<void> {
  await trx.insertInto('sales').values(row).execute();
  await trx.insertInto('sale_lines').values(lines).execute();
}

/** The sale moves the report summaries: the day's figures and each product's, net of tax and discount. */
export function summariseSale(trx: Trx, actor: Actor, row: SaleInsert, lines: SaleLineRow[]): Promise<void> {
  return addToSummaries(trx, 'sale', {
    businessId: actor.businessId,
    day: row.business_day,
    locationId: row.location_id,
    userId: actor.userId,
    kind: row.kind,
    total: row.total,
    tax: row.tax,
    cost: row.cost,
    discount: row.discount,
    lines: lines.map((l) => ({
      product_id: l.product_id,
      quantity: l.quantity,
      amount: l.net,
      tax: l.tax,
      cost: l.cost,
    })),
  });
}

/** A transfer sale records the transfer, to be confirmed against the provider's statement. */
export async function recordSaleTransfer(trx: Trx, actor: Actor, row: SaleInsert): Promise<void> {
  if (!row.provider_id || !row.reference) return;
  await recordTransfer(trx, actor, {
    source: 'sale',
    sourceId: row.id,
    receiptNo: row.receipt_no,
    providerId: row.provider_id,
    reference: row.reference,
    amount: row.total,
    locationId: row.location_id,
    businessDay: row.business_day,
  });
}

/** The journal row of the sale, last. */
export async function journalSale(trx: Trx, actor: Actor, row: SaleInsert, lineCount: number): Promise<void> {
  await appendJournal(trx, {
    ...actor.journal,
    docType: 'sale',
    docId: row.id,
    action: `sale.${row.kind}`,
    detail: { receipt_no: row.receipt_no, total: row.total, lines: lineCount },
  });
}

/**
 * The answer, from what was written (the same shape `loadSale` reads back for a retry), which
 * saves four queries on the busiest write.
 */
export function saleAnswer(
  row: SaleInsert,
  lines: SaleLineRow[],
  names: { location: string; user: string; payment: SalePayment },
): Sale {
  return {
    ...row,
    location_name: names.location,
    user_name: names.user,
    debtor_name: names.payment.debtor?.name ?? null,
    provider_name: names.payment.provider?.name ?? null,
    lines: lines.map((l) => saleLineOf(l, 0)),
    reversed_total: 0,
    reversals: [],
  };
}
