/**
 * The checks of a reversal, in the order `reverseSale` runs them: what is left of each line of
 * the sale, the lines wanted back, the reference, the share of each line's money. They read
 * but never write.
 */
import { type SaleKind, type reversalBodySchema, formatQuantity, reversalShare } from '@duka/domain';
import type { z } from 'zod';
import type { ProductRow, SaleLineRow, SaleRow } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { Trx } from '../../lib/tx.js';
import { requireWhole } from '../inventory/stock-rules.js';
import { requireReference } from '../transfers/transfer-ledger.js';
import { reversedByLine } from './sales.repository.js';
import { ofBusiness } from '../../db/dialect.js';

type Body = z.output<typeof reversalBodySchema>;
type Wanted = { line_no: number; quantity: number };

/** The sale's lines and the thousandths earlier reversals took back of each. */
export interface Sold {
  lines: SaleLineRow[];
  reversed: Map<number, number>;
}

export async function soldSoFar(trx: Trx, businessId: string, saleId: string): Promise<Sold> {
  const lines = await trx
    .selectFrom('sale_lines')
    .selectAll()
    .where(ofBusiness(trx, 'business_id', businessId))
    .where('sale_id', '=', saleId)
    .orderBy('line_no')
    .execute();
  return { lines, reversed: await reversedByLine(trx, businessId, saleId) };
}

/**
 * The lines and quantities to take back: the ones chosen, each listed once and never more than
 * is left of it, a whole number of a product counted in pieces (lines at 0 are left out; all at 0
 * is nothing_to_reverse); or, with none chosen, all that is left (refused when nothing is).
 */
export function wantedLines(sale: SaleRow, sold: Sold, body: Body): Wanted[] {
  const left = (lineNo: number, qty: number) => qty - (sold.reversed.get(lineNo) ?? 0);
  if (!body.lines) {
    const wanted = sold.lines
      .map((l) => ({ line_no: l.line_no, quantity: left(l.line_no, Number(l.quantity)) }))
      .filter((w) => w.quantity > 0);
    if (wanted.length === 0)
      throw new AppError('already_reversed', `Receipt #${sale.receipt_no} was already reversed in full`);
    return wanted;
  }
  if (!body.lines.some((w) => w.quantity > 0))
    throw new AppError('nothing_to_reverse', 'Choose at least one line and a quantity to reverse', 'lines');
  const seen = new Set<number>();
  const wanted = body.lines.map((w, i) => {
    if (seen.has(w.line_no))
      throw new AppError('validation_failed', `Line ${w.line_no} is listed twice`, `lines.${i}.line_no`);
    seen.add(w.line_no);
    const l = sold.lines.find((x) => x.line_no === w.line_no);
    if (!l)
      throw new AppError(
        'validation_failed',
        `Receipt #${sale.receipt_no} has no line ${w.line_no}`,
        `lines.${i}.line_no`,
      );
    const remaining = left(l.line_no, Number(l.quantity));
    if (w.quantity > remaining)
      throw new AppError(
        'reversal_exceeds_sale',
        remaining === 0
          ? `${l.name} was already reversed in full`
          : `Only ${formatQuantity(remaining)} of ${l.name} can still be reversed`,
        `lines.${i}.quantity`,
      );
    // a fraction of a line counted in pieces comes back only as all that is left of it (a sale kept
    // with 1.5 "each" from before the rule can still be reversed in full)
    if (w.quantity !== remaining)
      requireWhole(w.quantity, { id: l.product_id, name: l.name, unit: l.unit }, `lines.${i}.quantity`);
    return w;
  });
  return wanted.filter((w) => w.quantity > 0);
}

/**
 * The lines wanted back must be of products still active: an inactive product holds no stock (it
 * can be neither sold, moved, counted nor written off), so goods coming back to one would be
 * stranded. Refused with `product_inactive` naming it; activated again, it can take them back.
 */
export function refuseInactiveProducts(
  sold: Sold,
  wanted: Wanted[],
  products: ReadonlyMap<string, Pick<ProductRow, 'active' | 'deleted_at'>>,
): void {
  for (const w of wanted) {
    const l = sold.lines.find((x) => x.line_no === w.line_no)!;
    const p = products.get(l.product_id);
    if (p && (p.active !== 1 || p.deleted_at !== null))
      throw new AppError(
        'product_inactive',
        `${l.name} is inactive: activate it again before taking it back`,
        'lines',
        {},
        { product_id: l.product_id, name: l.name },
      );
  }
}

/** A transfer's refund needs its reference; no other kind takes one. */
export function reversalReference(kind: SaleKind, body: Body): string | null {
  const reference = kind === 'transfer' ? requireReference(body.reference) : null;
  if (kind !== 'transfer' && body.reference !== undefined)
    throw new AppError('validation_failed', `reference is not part of a ${kind} reversal`, 'reference');
  return reference;
}

/**
 * The reversal's lines: each line's share of the net, tax, cost and discounts it was sold at (what earlier
 * reversals took is not taken twice), and the unit cost the stock comes back at.
 */
export function reversalLines(
  actor: Actor,
  saleId: string,
  reversalId: string,
  sold: Sold,
  wanted: Wanted[],
) {
  return wanted.map((w, i) => {
    const l = sold.lines.find((x) => x.line_no === w.line_no)!;
    const quantity = Number(l.quantity);
    const before = sold.reversed.get(l.line_no) ?? 0;
    return {
      reversal_id: reversalId,
      line_no: i + 1,
      business_id: actor.businessId,
      sale_id: saleId,
      sale_line_no: l.line_no,
      product_id: l.product_id,
      quantity: w.quantity,
      amount: reversalShare(Number(l.net), quantity, before, w.quantity),
      tax: reversalShare(Number(l.tax), quantity, before, w.quantity),
      cost: reversalShare(Number(l.cost), quantity, before, w.quantity),
      discount: reversalShare(Number(l.discount) + Number(l.sale_discount), quantity, before, w.quantity),
      unit_cost: Number(l.unit_cost),
    };
  });
}
export type ReversalLine = ReturnType<typeof reversalLines>[number];
