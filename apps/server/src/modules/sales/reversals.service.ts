import { type Reversal, type SaleKind, type reversalBodySchema, businessDay, mayReverse } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import { writerReceiptNo } from '../sync/series.js';
import { lockedSaleSettings } from '../../lib/tx.js';
import { compiledQuery } from '../../db/compiled-query.js';
import { refuseInactiveProducts, reversalLines, reversalReference, wantedLines } from './reversal-checks.js';
import { reversalReads } from './reversal-reads.js';
import { reversalAnswer, writeReversal } from './reversal-writes.js';
import type { Seller } from './sales.service.js';
import { loadReversal } from './sales.repository.js';
import { requireSaleVisible } from './sale-access.js';

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
 * location at the unit cost it left with, moving the product's average cost as a receipt would;
 * the cash refund, the debtor's entry or the transfer refund is written in the same transaction,
 * with its own receipt number.
 */
export async function reverseSale(db: Db, seller: Seller, saleId: string, body: Body): Promise<Reversal> {
  const actor: Actor = seller;
  const sale = await saleById.first(db.kysely, { id: saleId, businessId: actor.businessId });
  if (!sale) throw notFound('Sale');
  const kind = sale.kind as SaleKind;
  // one the user may not open is not there for them (a 403 would tell it exists, and its kind)
  requireSaleVisible(seller, { kind, user_id: sale.user_id });
  assertMayReverse(seller, kind);
  const hash = requestHash({ sale_id: saleId, ...body });
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedSaleSettings(trx, actor.businessId);
    // Checks (reversal-reads.ts, reversal-checks.ts): they only read (on PostgreSQL the reads
    // also take the receipt number), so a refusal leaves nothing behind.
    const reads = await reversalReads(trx, seller, sale, body.id, hash);
    if (reads.replay) return loadReversal(trx, actor.businessId, body.id);
    const wanted = wantedLines(sale, reads.sold, body);
    refuseInactiveProducts(reads.sold, wanted, reads.products.products);
    const reference = reversalReference(kind, body);
    const lines = reversalLines(actor, saleId, body.id, reads.sold, wanted);

    // Writes (sale-writes.ts).
    const receiptNo = reads.receiptNo ?? (await writerReceiptNo(trx, actor.businessId));
    const day = businessDay(actor.at, business.timezone);
    const row = await writeReversal(trx, actor, sale, body, hash, {
      kind,
      receiptNo,
      day,
      lines,
      reference,
      dialect: db.dialect,
      stock: reads.products,
    });
    return reversalAnswer(row, sale, lines, reads.sold.lines, {
      location: reads.location.name,
      user: seller.user?.name ?? '',
      ...reads.names,
    });
  });
}

const saleById = compiledQuery((q, a: { id: string; businessId: string }) =>
  q.selectFrom('sales').selectAll().where('id', '=', a.id).where('business_id', '=', a.businessId),
);
