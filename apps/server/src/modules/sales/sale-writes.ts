import { changeDue } from '@duka/domain';
/**
 * The writes of a sale, inside `postSale`'s one transaction, after every check passed: stock,
 * the debtor's entry, the document and its lines, the report summaries, the transfer and the
 * journal row, in that order; keep it. A reversal's steps (`reversal-writes.ts`) are these with
 * the sign turned, and use the shared parts exported here.
 */
import type { PlacedSaleBody, PricedSale, Sale, SaleKind } from '@duka/domain';
import type { Insertable } from 'kysely';
import type { SaleLineRow } from '../../db/tables.js';
import type { SoldProduct } from '../inventory/stock-rules.js';
import type { DialectName } from '../../db/dialect.js';
import { compiledQuery } from '../../db/compiled-query.js';
import type { SaleLinesTable, SalesTable } from '../../db/tables/selling.js';
import type { Actor } from '../../lib/context.js';
import { type JournalEntryInput, appendJournal, journalEntryOf } from '../../lib/journal.js';
import type { SaleSettings, Trx } from '../../lib/tx.js';
import { type DebtorEntryInput, debtorEntryRow, postDebtorEntry } from '../debtors/debtor-ledger.js';
import {
  MOVEMENTS_PER_INSERT,
  type MovementInput,
  ledgerRows,
  postMovements,
  movedBy,
  refuseBelowZero,
} from '../inventory/ledger.js';
import { type SummaryInput, addToSummaries, summaryRows } from '../reports/summaries.js';
import { keepBelowZero } from '../inventory/below-zero.js';
import { type TransferInput, recordTransfer, transferRow } from '../transfers/transfer-ledger.js';
import { countedTransfer } from '../transfers/transfer-totals.js';
import type { SalePayment } from './sale-checks.js';
import { dropSoldCart } from '../work-drafts/work-drafts.repository.js';
import { saleLineOf } from './sales.repository.js';
import { saleInOne } from './sale-in-one.js';

type SaleBody = PlacedSaleBody;
export type Doc = 'sale' | 'reversal';
const SIGN: Record<Doc, 1 | -1> = { sale: 1, reversal: -1 };

/** What the shared steps read of a stored sale or reversal. */
export interface Stored {
  id: string;
  receipt_no: string;
  kind: SaleKind;
  location_id: string;
  business_day: string;
  total: number;
  tax: number;
  cost: number;
  discount?: number;
  provider_id: string | null;
  reference: string | null;
}

/** A sale's lines leave its location (a negative quantity), a reversal's come back, each at the line's unit cost. */
export function movements(
  doc: Doc,
  docId: string,
  locationId: string,
  lines: { product_id: string; quantity: number; unit_cost: number }[],
  reason?: string,
): MovementInput[] {
  return lines.map((l) => ({
    productId: l.product_id,
    locationId,
    quantity: -SIGN[doc] * l.quantity,
    unitCost: l.unit_cost,
    kind: doc === 'sale' ? 'sale' : 'sale_reversal',
    docType: doc,
    docId,
    reason,
  }));
}

const namesOf = (products: Map<string, SoldProduct>) =>
  new Map([...products.values()].map((p) => [p.id, p.name]));

/** The sale's stock leaves (below zero only if the business allows it). */
async function moveSaleStock(
  trx: Trx,
  actor: Actor,
  business: Pick<SaleSettings, 'allow_negative_stock'>,
  body: SaleBody,
  lines: SaleLineRow[],
  products: Map<string, SoldProduct>,
  at: { dialect: DialectName; day: string },
): Promise<void> {
  await postMovements(trx, actor, movements('sale', body.id, body.location_id, lines), {
    dialect: at.dialect,
    day: at.day,
    allowNegative: business.allow_negative_stock === 1,
    productNames: namesOf(products),
  });
}

/** A sale's or reversal's entry in its debtor's ledger: a sale adds its total, a reversal takes it off. */
export function debtorInput(
  doc: Doc,
  id: string,
  debtorId: string,
  e: { total: number; receiptNo: string; day: string; note?: string },
): DebtorEntryInput {
  return {
    debtorId,
    kind: doc,
    amount: SIGN[doc] * e.total,
    docId: id,
    receiptNo: e.receiptNo,
    businessDay: e.day,
    note: e.note,
  };
}

const insertSaleRow = compiledQuery((db, a: { row: Insertable<SalesTable> }) =>
  db.insertInto('sales').values(a.row),
);
const insertSaleLines = compiledQuery((db, a: { lines: Insertable<SaleLinesTable>[] }) =>
  db.insertInto('sale_lines').values(a.lines),
);
/**
 * A sale's writes after its receipt number: a debtor sale's entry (`debtorEntry`), its stock
 * leaves (`moveSaleStock`), its row and lines with the summaries and its cart's drop
 * (`insertSale`), its journal row (`journal`) and a transfer sale's entry in the transfers'
 * register (`transferOf`). On PostgreSQL they are one statement (`saleInOne`); answers the sale's row.
 */
export async function writeSale(
  trx: Trx,
  actor: Actor,
  business: Pick<SaleSettings, 'allow_negative_stock'>,
  body: SaleBody,
  hash: string,
  s: SaleFigures & { products: Map<string, SoldProduct>; dialect: DialectName },
) {
  const detail = { receipt_no: s.receiptNo, total: s.priced.total, lines: s.lines.length };
  const debtor =
    s.payment.debtor &&
    debtorInput('sale', body.id, s.payment.debtor.id, {
      total: s.priced.total,
      receiptNo: s.receiptNo,
      day: s.day,
    });
  const ledger =
    s.dialect === 'postgres' && s.lines.length <= MOVEMENTS_PER_INSERT
      ? ledgerRows(actor, movements('sale', body.id, body.location_id, s.lines), s.day)
      : undefined;
  if (!ledger || ledger.levels.length === 0) {
    const balanceAfter = debtor ? await postDebtorEntry(trx, actor, debtor) : null;
    await moveSaleStock(trx, actor, business, body, s.lines, s.products, s);
    const row = await insertSale(trx, actor, body, hash, s, balanceAfter);
    await journal(trx, actor, 'sale', row, detail);
    await transferOf(trx, actor, 'sale', row);
    return row;
  }
  const row = saleRow(actor, body, hash, s, null);
  const transfer = transferInput('sale', row);
  const after = await saleInOne.all(trx, {
    row: debtor ? withoutBalance(row) : row,
    lines: s.lines,
    summary: summaryRows('sale', summaryOf(actor, row, paidFor(s.lines))),
    ledger: { rows: ledger.rows, levels: ledger.levels },
    at: actor.at,
    entry: journalEntryOf(journalInput(actor, 'sale', row, detail)),
    ...(debtor
      ? { debtor: { debtorId: debtor.debtorId, amount: debtor.amount, entry: debtorEntryRow(actor, debtor) } }
      : {}),
    ...(transfer ? countedTransfer(transferRow(actor, transfer)) : {}),
  });
  refuseBelowZero(after, ledger.deltas, {
    allowNegative: business.allow_negative_stock === 1,
    productNames: namesOf(s.products),
  });
  await keepBelowZero(trx, actor.businessId, after, movedBy(ledger.deltas));
  if (debtor) {
    const balance = after[0]?.debtor_balance_after;
    // checked under the business's lock, so it is there; were it not, nothing is kept
    if (balance == null) throw new Error(`writeSale: debtor ${debtor.debtorId} not moved`);
    row.debtor_balance_after = Number(balance);
  }
  // The business's first journal entry makes its counter (`appendJournal`).
  if (after[0]?.journal_seq == null) await journal(trx, actor, 'sale', row, detail);
  return row;
}

/** A debtor sale's row without its balance after it: that is the statement's own (sale-in-one.ts). */
export function withoutBalance<T extends { debtor_balance_after: unknown }>(
  row: T,
): Omit<T, 'debtor_balance_after'> {
  const { debtor_balance_after: _stated, ...rest } = row;
  return rest;
}

/** What a sale's row is made of besides its request. */
interface SaleFigures {
  receiptNo: string;
  day: string;
  priced: PricedSale;
  lines: SaleLineRow[];
  payment: SalePayment;
}

function saleRow(actor: Actor, body: SaleBody, hash: string, s: SaleFigures, balanceAfter: number | null) {
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
    change: tendered === null ? null : changeDue(tendered, s.priced.total),
    debtor_id: debtor?.id ?? null,
    debtor_balance_after: balanceAfter,
    provider_id: provider?.id ?? null,
    reference,
    note: body.note,
    request_hash: hash,
    created_at: actor.at,
  };
}

/**
 * Stores the sale, then its lines, moves the report summaries (`summarise`) and drops the cart
 * the sale was rung up in (`dropSoldCart`); answers the sale's row.
 */
async function insertSale(
  trx: Trx,
  actor: Actor,
  body: SaleBody,
  hash: string,
  s: SaleFigures,
  balanceAfter: number | null,
) {
  const row = saleRow(actor, body, hash, s, balanceAfter);
  await insertSaleRow.run(trx, { row });
  await insertSaleLines.run(trx, { lines: s.lines });
  await addToSummaries(trx, 'sale', summaryOf(actor, row, paidFor(s.lines)));
  await dropSoldCart(trx, actor.businessId, body.id);
  return row;
}

/** A sale's lines as the summaries add them: what the customer paid for each. */
export const paidFor = (lines: SaleLineRow[]): SummaryInput['lines'] =>
  lines.map((l) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    amount: l.net,
    tax: l.tax,
    cost: l.cost,
  }));

/** What the sale or reversal adds to the report summaries (a reversal's are taken back). */
export function summaryOf(actor: Actor, row: Stored, lines: SummaryInput['lines']): SummaryInput {
  return {
    businessId: actor.businessId,
    day: row.business_day,
    locationId: row.location_id,
    userId: actor.userId,
    kind: row.kind,
    total: row.total,
    tax: row.tax,
    cost: row.cost,
    discount: row.discount ?? 0,
    lines,
  };
}

/**
 * A transfer sale records the money that came in, for the admin to confirm against the
 * statement; its reversal records the refund going out.
 */
export async function transferOf(trx: Trx, actor: Actor, doc: Doc, row: Stored): Promise<void> {
  const transfer = transferInput(doc, row);
  if (transfer) await recordTransfer(trx, actor, transfer);
}

/** A transfer sale's or reversal's entry in the transfers' register; none for the other kinds. */
export function transferInput(doc: Doc, row: Stored): TransferInput | undefined {
  if (row.kind !== 'transfer' || !row.provider_id || !row.reference) return undefined;
  return {
    source: doc,
    sourceId: row.id,
    receiptNo: row.receipt_no,
    providerId: row.provider_id,
    reference: row.reference,
    amount: SIGN[doc] * row.total,
    locationId: row.location_id,
    businessDay: row.business_day,
  };
}

/** The journal row of the sale or reversal, last. */
export async function journal(
  trx: Trx,
  actor: Actor,
  doc: Doc,
  row: Stored,
  detail: Record<string, unknown>,
): Promise<void> {
  await appendJournal(trx, journalInput(actor, doc, row, detail));
}

export function journalInput(
  actor: Actor,
  doc: Doc,
  row: Stored,
  detail: Record<string, unknown>,
): JournalEntryInput {
  const { businessId, userId, deviceId, at } = actor.journal;
  return {
    businessId,
    userId,
    deviceId,
    at,
    docType: doc,
    docId: row.id,
    action: doc === 'sale' ? `sale.${row.kind}` : `sale.reverse_${row.kind}`,
    detail,
  };
}

/**
 * The answer to a sale, from what was written (the same shape `loadSale` reads back for a
 * retry), which saves four queries on the busiest write. (`Object.assign`, not `{ ...row, … }`:
 * on Node 20 a spread followed by more properties costs microseconds.)
 */
export function saleAnswer(
  row: Awaited<ReturnType<typeof insertSale>>,
  lines: SaleLineRow[],
  names: { location: string; user: string; payment: SalePayment },
): Sale {
  return Object.assign({}, row, {
    location_name: names.location,
    user_name: names.user,
    debtor_name: names.payment.debtor?.name ?? null,
    provider_name: names.payment.provider?.name ?? null,
    lines: lines.map((l) => saleLineOf(l, 0)),
    reversed_total: 0,
    reversals: [],
  });
}
