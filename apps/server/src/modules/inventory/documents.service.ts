import {
  type StockDocument,
  businessDay,
  type adjustmentBodySchema,
  incomingCost,
  lineAmount,
  MAX_SALE_AMOUNT,
  NEGATIVE_REASONS,
  POSITIVE_REASONS,
  type receiptBodySchema,
  type transferBodySchema,
} from '@duka/domain';
import type { z } from 'zod';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { type DialectName, ofBusiness } from '../../db/dialect.js';
import type { ProductRow } from '../../db/tables.js';
import type { StockDocumentLinesTable, StockDocumentsTable } from '../../db/tables/stock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { requestHash } from '../../lib/idempotency.js';
import { type JournalEntryInput, appendJournal, journalEntryOf } from '../../lib/journal.js';
import { type Trx, lockedSaleSettings } from '../../lib/tx.js';
import { keepBelowZero } from './below-zero.js';
import { documentInOne } from './document-in-one.js';
import { type DocumentAsk, documentReads } from './document-reads.js';
import { requireWholeLines } from './stock-rules.js';
import {
  MOVEMENTS_PER_INSERT,
  type MovementInput,
  ledgerRows,
  movedBy,
  postMovements,
  refuseBelowZero,
} from './ledger.js';
import {
  type CostMove,
  type MovedCost,
  averagedCosts,
  costUpdates,
  movedCosts,
  writeMovedCosts,
} from './moved-costs.js';

type Kind = StockDocument['kind'];
interface Line {
  product_id: string;
  quantity: number;
  unit_cost: number;
}
interface Plan {
  kind: Kind;
  location_id: string;
  to_location_id?: string | null;
  supplier_id?: string | null;
  invoice_number?: string;
  invoice_date?: string | null;
  reason?: string | null;
  note: string;
  lines: Line[];
  movements: MovementInput[];
  /** A receipt's or stock found's products whose average cost it moves, with the new cost. */
  costs?: CostMove[];
}

export async function loadDocument(
  db: Db['kysely'] | Trx,
  businessId: string,
  id: string,
): Promise<StockDocument> {
  const doc = await db
    .selectFrom('stock_documents')
    .selectAll()
    .where('id', '=', id)
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  if (!doc) throw notFound('Stock document');
  const lines = await db
    .selectFrom('stock_document_lines')
    .innerJoin('products', (j) =>
      j
        .onRef('products.id', '=', 'stock_document_lines.product_id')
        .onRef('products.business_id', '=', 'stock_document_lines.business_id'),
    )
    .select([
      'stock_document_lines.product_id',
      'products.name as product_name',
      'stock_document_lines.quantity',
      'stock_document_lines.unit_cost',
    ])
    .where(ofBusiness(db, 'stock_document_lines.business_id', businessId))
    .where('document_id', '=', id)
    .orderBy('line_no')
    .execute();
  return {
    id: doc.id,
    kind: doc.kind as Kind,
    location_id: doc.location_id,
    to_location_id: doc.to_location_id,
    supplier_id: doc.supplier_id,
    invoice_number: doc.invoice_number,
    invoice_date: doc.invoice_date,
    reason: doc.reason,
    note: doc.note,
    total_cost: Number(doc.total_cost),
    user_id: doc.user_id,
    device_id: doc.device_id,
    created_at: doc.created_at,
    lines: lines.map((l) => ({ ...l, quantity: Number(l.quantity), unit_cost: Number(l.unit_cost) })),
  };
}

/**
 * Posts one stock document: idempotent by its id (same id and content → the first result; same
 * id, other content → 409), all checks before any write, ledger + levels + document + journal in
 * one transaction under the business lock. On PostgreSQL its reads are one statement
 * (`documentReads`), a receipt's moved costs' journal entries one, and its writes one
 * (`documentInOne`): with the lock sent with `begin` and the `commit`, four or five round trips.
 */
async function post(
  db: Db,
  actor: Actor & Operator,
  id: string,
  body: unknown,
  ask: Omit<DocumentAsk, 'id' | 'hash'>,
  plan: (reads: { products: Map<string, ProductRow>; onHand: Map<string, number> }) => Plan,
): Promise<StockDocument> {
  const hash = requestHash(body);
  return db.kysely.transaction().execute(async (trx) => {
    // The lock answers the negative-stock setting (kept on SQLite while the business is unchanged).
    const settings = await lockedSaleSettings(trx, actor.businessId);
    const reads = await documentReads(trx, actor, { ...ask, id, hash });
    if (reads.replay) return loadDocument(trx, actor.businessId, id);
    const p = plan(reads);
    // a fraction of a product counted in pieces (1.5 "each") is refused, line by line
    requireWholeLines(p.lines, reads.products);
    const names = new Map([...reads.products.values()].map((r) => [r.id, r.name]));
    const allowNegative = settings.allow_negative_stock === 1;
    const total = documentTotal(p.lines);
    const costs = await movedCosts(trx, actor, p.costs ?? [], {
      [p.kind === 'receipt' ? 'receipt_id' : 'adjustment_id']: id,
    });
    const row = {
      id,
      business_id: actor.businessId,
      kind: p.kind,
      location_id: p.location_id,
      to_location_id: p.to_location_id ?? null,
      supplier_id: p.supplier_id ?? null,
      invoice_number: p.invoice_number ?? '',
      invoice_date: p.invoice_date ?? null,
      reason: p.reason ?? null,
      note: p.note,
      total_cost: total,
      request_hash: hash,
      user_id: actor.userId,
      device_id: actor.deviceId,
      created_at: actor.at,
    };
    const lines = p.lines.map((l, i) => ({
      document_id: id,
      line_no: i + 1,
      business_id: actor.businessId,
      product_id: l.product_id,
      quantity: l.quantity,
      unit_cost: l.unit_cost,
    }));
    // the day its movements are on, named in its entry too: a linked copy takes it from there
    // (sync/movement-days.ts), not from its own zone at the time the document arrives
    const day = businessDay(actor.at, settings.timezone);
    const entry: JournalEntryInput = {
      ...actor.journal,
      docType: 'stock_document',
      docId: id,
      action: `stock.${p.kind}`,
      detail: { lines: p.lines.length, total_cost: total, day },
    };
    await writeDocument(trx, db.dialect, actor, {
      day,
      row,
      lines,
      entry,
      costs,
      movements: p.movements,
      allowNegative,
      names,
    });
    // What `loadDocument` would read back, from what was just written.
    const { request_hash: _hash, business_id: _business, ...doc } = row;
    return {
      ...doc,
      lines: p.lines.map((l) => ({
        product_id: l.product_id,
        product_name: names.get(l.product_id) ?? '',
        quantity: l.quantity,
        unit_cost: l.unit_cost,
      })),
    };
  });
}

/**
 * What the lines come to, each line and the whole at most MAX_SALE_AMOUNT minor units, as a sale
 * (ADR 9): a typo of a million units at a large cost is refused before anything is written,
 * and every amount kept, and every value the stock report computes from them, stays exact.
 */
export function documentTotal(lines: readonly Line[]): number {
  let total = 0;
  lines.forEach((l, i) => {
    const amount = lineAmount(l.quantity, l.unit_cost);
    if (amount > MAX_SALE_AMOUNT) throw new AppError('amount_too_large', TOO_LARGE, `lines.${i}.quantity`);
    total += amount;
  });
  if (total > MAX_SALE_AMOUNT) throw new AppError('amount_too_large', TOO_LARGE, 'lines');
  return total;
}

const TOO_LARGE = `A line or the document may come to at most ${MAX_SALE_AMOUNT.toLocaleString('en')} in minor units`;

/**
 * The document's writes after its checks: on PostgreSQL one statement (`documentInOne`, up to
 * `MOVEMENTS_PER_INSERT` movements), else one each.
 */
async function writeDocument(
  trx: Trx,
  dialect: DialectName,
  actor: Actor,
  w: {
    /** The business day the document is recorded on (its movements', ADR 6). */
    day: string;
    row: Insertable<StockDocumentsTable>;
    lines: Insertable<StockDocumentLinesTable>[];
    entry: JournalEntryInput;
    costs: MovedCost[];
    movements: MovementInput[];
    allowNegative: boolean;
    names: Map<string, string>;
  },
): Promise<void> {
  const { allowNegative, names: productNames } = w;
  const ledger =
    dialect === 'postgres' && w.movements.length <= MOVEMENTS_PER_INSERT
      ? ledgerRows(actor, w.movements, w.day)
      : undefined;
  if (ledger && ledger.levels.length > 0) {
    const after = await documentInOne.all(trx, {
      row: w.row,
      lines: w.lines,
      costs: costUpdates(w.costs),
      ledger: { rows: ledger.rows, levels: ledger.levels },
      at: actor.at,
      entry: journalEntryOf(w.entry),
    });
    refuseBelowZero(after, ledger.deltas, { allowNegative, productNames });
    await keepBelowZero(trx, actor.businessId, after, movedBy(ledger.deltas));
    // The business's first journal entry makes its counter (`appendJournal`).
    if (after[0]?.journal_seq == null) await appendJournal(trx, w.entry);
    return;
  }
  await writeMovedCosts(trx, actor.businessId, w.costs);
  await postMovements(trx, actor, w.movements, { dialect, day: w.day, allowNegative, productNames });
  await trx.insertInto('stock_documents').values(w.row).execute();
  await trx.insertInto('stock_document_lines').values(w.lines).execute();
  await appendJournal(trx, w.entry);
}

export function postReceipt(db: Db, actor: Actor & Operator, body: z.output<typeof receiptBodySchema>) {
  const ask = {
    locations: [{ id: body.location_id, field: 'location_id' }],
    supplierId: body.supplier_id,
    lines: body.lines,
    onHand: true,
  };
  return post(db, actor, body.id, body, ask, ({ products, onHand }) => {
    return {
      // Weighted average cost per product, moved by each line in turn.
      costs: averagedCosts(products, onHand, body.lines),
      kind: 'receipt',
      location_id: body.location_id,
      supplier_id: body.supplier_id,
      invoice_number: body.invoice_number,
      invoice_date: body.invoice_date ?? null,
      note: body.note,
      lines: body.lines,
      movements: body.lines.map((l) => ({
        productId: l.product_id,
        locationId: body.location_id,
        quantity: l.quantity,
        unitCost: l.unit_cost,
        kind: 'supplier_receipt' as const,
        docType: 'receipt',
        docId: body.id,
      })),
    };
  });
}

export function postAdjustment(db: Db, actor: Actor & Operator, body: z.output<typeof adjustmentBodySchema>) {
  const ask = {
    check: () => {
      const reasons: readonly string[] = body.direction === 'positive' ? POSITIVE_REASONS : NEGATIVE_REASONS;
      if (!reasons.includes(body.reason))
        throw new AppError('validation_failed', `Not a reason for stock ${body.direction}`, 'reason');
    },
    locations: [{ id: body.location_id, field: 'location_id' }],
    lines: body.lines,
    onHand: body.direction === 'positive',
  };
  return post(db, actor, body.id, body, ask, ({ products, onHand }) => {
    const found = body.direction === 'positive';
    const sign = found ? 1 : -1;
    // Stock found comes in at the average cost, or at the buying price of a product that has none
    // yet, which it then moves as a receipt would; stock removed goes out at the same cost, as a
    // sale of it does (a write-off of goods never received was a loss of 0 beside a sale's cost).
    const lines = body.lines.map((l) => ({ ...l, unit_cost: costOf(products.get(l.product_id)!) }));
    return {
      costs: found ? averagedCosts(products, onHand, lines) : [],
      kind: body.direction,
      location_id: body.location_id,
      reason: body.reason,
      note: body.note,
      lines,
      movements: lines.map((l) => ({
        productId: l.product_id,
        locationId: body.location_id,
        quantity: sign * l.quantity,
        unitCost: l.unit_cost,
        kind: body.direction === 'positive' ? ('stock_positive' as const) : ('stock_negative' as const),
        docType: body.direction,
        docId: body.id,
        reason: body.reason,
      })),
    };
  });
}

export function postTransfer(db: Db, actor: Actor & Operator, body: z.output<typeof transferBodySchema>) {
  const ask = {
    check: () => {
      if (body.from_location_id === body.to_location_id)
        throw new AppError('validation_failed', 'Choose two different locations', 'to_location_id');
    },
    locations: [
      { id: body.from_location_id, field: 'from_location_id' },
      { id: body.to_location_id, field: 'to_location_id' },
    ],
    lines: body.lines,
  };
  return post(db, actor, body.id, body, ask, ({ products }) => {
    const lines = body.lines.map((l) => ({ ...l, unit_cost: costOf(products.get(l.product_id)!) }));
    const base = { docType: 'transfer', docId: body.id };
    return {
      products,
      kind: 'transfer',
      location_id: body.from_location_id,
      to_location_id: body.to_location_id,
      note: body.note,
      lines,
      movements: lines.flatMap((l) => [
        {
          ...base,
          productId: l.product_id,
          locationId: body.from_location_id,
          quantity: -l.quantity,
          unitCost: l.unit_cost,
          kind: 'transfer_out' as const,
        },
        {
          ...base,
          productId: l.product_id,
          locationId: body.to_location_id,
          quantity: l.quantity,
          unitCost: l.unit_cost,
          kind: 'transfer_in' as const,
        },
      ]),
    };
  });
}

/**
 * The unit cost stock moves at without a receipt (found, written off, moved between locations):
 * the average cost, or the buying price of a product that has none yet, as its sale is costed.
 */
const costOf = (p: ProductRow) => incomingCost(Number(p.avg_cost), Number(p.buying_price));
