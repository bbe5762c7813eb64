import {
  type StockDocument,
  type adjustmentBodySchema,
  lineAmount,
  NEGATIVE_REASONS,
  nextAverageCost,
  POSITIVE_REASONS,
  type receiptBodySchema,
  type transferBodySchema,
} from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { ofBusiness } from '../../db/dialect.js';
import type { ProductRow } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, Operator } from '../../lib/context.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { updateStamped } from '../../lib/stamps.js';
import { type Trx, lockedSaleSettings } from '../../lib/tx.js';
import { type MovementInput, postMovements } from './ledger.js';
import { requireActiveProducts, requireUsableLocation } from './stock-rules.js';

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
  /** The lines' products, read under the lock. */
  products: Map<string, ProductRow>;
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
 * one transaction under the business lock.
 */
async function post(
  db: Db,
  actor: Actor,
  id: string,
  body: unknown,
  plan: (trx: Trx) => Promise<Plan>,
): Promise<StockDocument> {
  const hash = requestHash(body);
  return db.kysely.transaction().execute(async (trx) => {
    // The lock answers the negative-stock setting (kept on SQLite while the business is unchanged).
    const settings = await lockedSaleSettings(trx, actor.businessId);
    if (await isReplay(trx, 'stock_documents', id, actor.businessId, hash))
      return loadDocument(trx, actor.businessId, id);
    const p = await plan(trx);
    const names = new Map([...p.products.values()].map((r) => [r.id, r.name]));
    await postMovements(trx, actor, p.movements, {
      dialect: db.dialect,
      allowNegative: settings.allow_negative_stock === 1,
      productNames: names,
    });
    const total = p.lines.reduce((s, l) => s + lineAmount(l.quantity, l.unit_cost), 0);
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
    // On PostgreSQL the document and its lines in one statement (one round trip, issue 21).
    if (db.dialect === 'postgres')
      await trx
        .with('doc', (q) => q.insertInto('stock_documents').values(row).returning('id'))
        .insertInto('stock_document_lines')
        .values(lines)
        .execute();
    else {
      await trx.insertInto('stock_documents').values(row).execute();
      await trx.insertInto('stock_document_lines').values(lines).execute();
    }
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'stock_document',
      docId: id,
      action: `stock.${p.kind}`,
      detail: { lines: p.lines.length, total_cost: total },
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

/** Total on hand per product across every location, before this document. */
async function onHandOf(trx: Trx, businessId: string, productIds: string[]): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('stock_levels')
    .select(['product_id', (eb) => eb.fn.sum<number>('quantity').as('q')])
    .where(ofBusiness(trx, 'business_id', businessId))
    .where('product_id', 'in', productIds)
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.q)]));
}

export function postReceipt(db: Db, actor: Actor & Operator, body: z.output<typeof receiptBodySchema>) {
  return post(db, actor, body.id, body, async (trx) => {
    await requireUsableLocation(trx, actor, body.location_id, 'location_id');
    const supplier = await trx
      .selectFrom('suppliers')
      .select('id')
      .where('id', '=', body.supplier_id)
      .where('business_id', '=', actor.businessId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!supplier) throw new AppError('validation_failed', 'Unknown supplier', 'supplier_id');
    const products = await requireActiveProducts(trx, actor.businessId, body.lines);
    // Weighted average cost per product, moved by each line in turn.
    const onHand = await onHandOf(trx, actor.businessId, [...products.keys()]);
    const avg = new Map([...products.values()].map((p: ProductRow) => [p.id, Number(p.avg_cost)]));
    for (const l of body.lines) {
      const held = onHand.get(l.product_id) ?? 0;
      avg.set(l.product_id, nextAverageCost(held, avg.get(l.product_id) ?? 0, l.quantity, l.unit_cost));
      onHand.set(l.product_id, held + l.quantity);
    }
    for (const [productId, cost] of avg) {
      const was = products.get(productId)!;
      if (cost === Number(was.avg_cost)) continue;
      // The product changed: the journal names it (ADR 3), so what follows the journal sees it.
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'product',
        docId: productId,
        action: 'product.cost',
        detail: { avg_cost: cost, receipt_id: body.id },
      });
      // Its row was read whole under the lock (its barcodes are not touched): the cost, its
      // stamp and the time go in one update, with no read of the product before or after.
      await updateStamped(
        trx,
        actor.businessId,
        'product',
        was,
        { avg_cost: cost, updated_at: actor.at },
        stamp,
      );
    }
    return {
      products,
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
  return post(db, actor, body.id, body, async (trx) => {
    const reasons: readonly string[] = body.direction === 'positive' ? POSITIVE_REASONS : NEGATIVE_REASONS;
    if (!reasons.includes(body.reason))
      throw new AppError('validation_failed', `Not a reason for stock ${body.direction}`, 'reason');
    await requireUsableLocation(trx, actor, body.location_id, 'location_id');
    const products = await requireActiveProducts(trx, actor.businessId, body.lines);
    const sign = body.direction === 'positive' ? 1 : -1;
    const lines = body.lines.map((l) => ({ ...l, unit_cost: Number(products.get(l.product_id)!.avg_cost) }));
    return {
      products,
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
  return post(db, actor, body.id, body, async (trx) => {
    if (body.from_location_id === body.to_location_id) {
      throw new AppError('validation_failed', 'Choose two different locations', 'to_location_id');
    }
    await requireUsableLocation(trx, actor, body.from_location_id, 'from_location_id');
    await requireUsableLocation(trx, actor, body.to_location_id, 'to_location_id');
    const products = await requireActiveProducts(trx, actor.businessId, body.lines);
    const lines = body.lines.map((l) => ({ ...l, unit_cost: Number(products.get(l.product_id)!.avg_cost) }));
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
