import { type Reversal, type SaleKind, type reversalBodySchema, businessDay, mayReverse } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { writerReceiptNo } from '../sync/series.js';
import { lockedBusiness } from '../../lib/tx.js';
import { requireSellingLocation } from '../inventory/stock-rules.js';
import { reversalLines, reversalReference, soldSoFar, wantedLines } from './reversal-checks.js';
import { debtorEntry, insertReversal, journal, returnStock, summarise, transferOf } from './sale-writes.js';
import type { Seller } from './sales.service.js';
import { loadReversal } from './sales.repository.js';

type Body = z.output<typeof reversalBodySchema>;

/** Who may reverse this kind of sale: admins, or holders of its reversing flag. */
export function assertMayReverse(seller: Seller, kind: SaleKind): void {
  if (mayReverse(seller, kind)) return;
  throw new AppError('forbidden', `You may not reverse ${kind} sales`);
}

/**
 * Reverses all of a sale or chosen lines and quantities. Never more than was sold less what
 * earlier reversals took back: the check reads the earlier reversals under the business lock,
 * so two people reversing the same line at once cannot both pass. Stock returns to the sale's
 * location at the unit cost it left with; the cash refund, the debtor's entry or the transfer
 * refund is written in the same transaction, with its own receipt number.
 */
export async function reverseSale(db: Db, seller: Seller, saleId: string, body: Body): Promise<Reversal> {
  const actor: Actor = seller;
  const sale = await db.kysely
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', saleId)
    .where('business_id', '=', actor.businessId)
    .executeTakeFirst();
  if (!sale) throw notFound('Sale');
  const kind = sale.kind as SaleKind;
  assertMayReverse(seller, kind);
  const hash = requestHash({ sale_id: saleId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedBusiness(db, trx, actor.businessId);
    if (await isReplay(trx, 'sale_reversals', body.id, actor.businessId, hash))
      return loadReversal(trx, actor.businessId, body.id);
    // Goods coming back during a count that froze sales would be counted twice (ADR 4).
    await requireSellingLocation(trx, seller, sale.location_id, 'sale_id');

    // Checks (reversal-checks.ts): they only read, so a refusal leaves nothing behind.
    const sold = await soldSoFar(trx, actor.businessId, saleId);
    const wanted = wantedLines(sale, sold, body);
    const reference = reversalReference(kind, body);
    const lines = reversalLines(actor, saleId, body.id, sold, wanted);
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const day = businessDay(actor.at, business.timezone);

    // Writes (sale-writes.ts), in this order.
    await returnStock(trx, actor, sale, body, lines, db.dialect);
    const receiptNo = await writerReceiptNo(trx, actor.businessId);
    const balanceAfter = await debtorEntry(trx, actor, 'reversal', {
      debtorId: kind === 'debtor' ? sale.debtor_id : null,
      id: body.id,
      total,
      receiptNo,
      day,
      note: body.reason,
    });
    const row = await insertReversal(trx, actor, sale, body, hash, {
      kind,
      receiptNo,
      day,
      lines,
      total,
      reference,
      balanceAfter,
    });
    await summarise(trx, actor, 'reversal', row, lines);
    await transferOf(trx, actor, 'reversal', row);
    await journal(trx, actor, 'reversal', row, {
      receipt_no: receiptNo,
      sale_receipt_no: sale.receipt_no,
      total,
      lines: lines.length,
    });
    return loadReversal(trx, actor.businessId, body.id);
  });
}
