import {
  REVERSE_FLAG,
  type Reversal,
  type SaleKind,
  type reversalBodySchema,
  businessDay,
  formatQuantity,
  isAdminRole,
  reversalShare,
} from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { nextReceiptNo } from '../../lib/receipts.js';
import { lockedBusiness } from '../../lib/tx.js';
import { postDebtorEntry } from '../debtors/debtor-ledger.js';
import { postMovements } from '../inventory/ledger.js';
import { requireUsableLocation } from '../inventory/stock-rules.js';
import { addToSummaries } from '../reports/summaries.js';
import { assertSalesNotFrozen } from '../stock-counts/stock-counts.service.js';
import { recordTransfer, requireReference } from '../transfers/transfer-ledger.js';
import type { Seller } from './sales.service.js';
import { loadReversal, reversedByLine } from './sales.repository.js';

type Body = z.output<typeof reversalBodySchema>;

/** Who may reverse this kind of sale: admins, or holders of its reversing flag. */
export function assertMayReverse(seller: Seller, kind: SaleKind): void {
  if (isAdminRole(seller.role) || seller.roles[REVERSE_FLAG[kind]] === 1) return;
  throw new AppError('forbidden', `You may not reverse ${kind} sales`);
}

/**
 * Reverses all of a sale or chosen lines and quantities. Never more than was sold less what
 * earlier reversals took back: the check reads the earlier reversals under the business lock,
 * so two people reversing the same line at once cannot both pass. Stock returns to the sale's
 * location at the unit cost it left with; the cash refund, the debtor's entry or the transfer
 * refund is written in the same transaction, with its own receipt number.
 */
export async function reverseSale(
  db: Db,
  actor: Actor,
  seller: Seller,
  saleId: string,
  body: Body,
): Promise<Reversal> {
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
    await requireUsableLocation(trx, seller, sale.location_id, 'sale_id');
    // Goods coming back during a count that froze sales would be counted twice (ADR 4).
    await assertSalesNotFrozen(trx, sale.location_id);

    const saleLines = await trx
      .selectFrom('sale_lines')
      .selectAll()
      .where('sale_id', '=', saleId)
      .orderBy('line_no')
      .execute();
    const reversed = await reversedByLine(trx, saleId);
    const left = (lineNo: number, sold: number) => sold - (reversed.get(lineNo) ?? 0);

    let wanted: { line_no: number; quantity: number }[];
    if (body.lines) {
      const seen = new Set<number>();
      wanted = body.lines.map((w, i) => {
        if (seen.has(w.line_no))
          throw new AppError('validation_failed', `Line ${w.line_no} is listed twice`, `lines.${i}.line_no`);
        seen.add(w.line_no);
        const l = saleLines.find((x) => x.line_no === w.line_no);
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
        return w;
      });
    } else {
      wanted = saleLines
        .map((l) => ({ line_no: l.line_no, quantity: left(l.line_no, Number(l.quantity)) }))
        .filter((w) => w.quantity > 0);
      if (wanted.length === 0)
        throw new AppError('already_reversed', `Receipt #${sale.receipt_no} was already reversed in full`);
    }

    const reference = kind === 'transfer' ? requireReference(body.reference) : null;
    if (kind !== 'transfer' && body.reference !== undefined)
      throw new AppError('validation_failed', `reference is not part of a ${kind} reversal`, 'reference');

    const lines = wanted.map((w, i) => {
      const l = saleLines.find((x) => x.line_no === w.line_no)!;
      const sold = Number(l.quantity);
      const before = reversed.get(l.line_no) ?? 0;
      return {
        reversal_id: body.id,
        line_no: i + 1,
        business_id: actor.businessId,
        sale_id: saleId,
        sale_line_no: l.line_no,
        product_id: l.product_id,
        quantity: w.quantity,
        amount: reversalShare(Number(l.net), sold, before, w.quantity),
        tax: reversalShare(Number(l.tax), sold, before, w.quantity),
        cost: reversalShare(Number(l.cost), sold, before, w.quantity),
        unit_cost: Number(l.unit_cost),
      };
    });
    const total = lines.reduce((s, l) => s + l.amount, 0);
    const day = businessDay(actor.at, business.timezone);

    await postMovements(
      trx,
      actor,
      lines.map((l) => ({
        productId: l.product_id,
        locationId: sale.location_id,
        quantity: l.quantity,
        unitCost: l.unit_cost,
        kind: 'sale_reversal' as const,
        docType: 'reversal',
        docId: body.id,
        reason: body.reason,
      })),
      { allowNegative: true },
    );
    const receiptNo = await nextReceiptNo(trx, actor.businessId);
    let balanceAfter: number | null = null;
    if (kind === 'debtor' && sale.debtor_id) {
      balanceAfter = await postDebtorEntry(trx, actor, {
        debtorId: sale.debtor_id,
        kind: 'reversal',
        amount: -total,
        docId: body.id,
        receiptNo,
        businessDay: day,
        note: body.reason,
      });
    }
    await trx
      .insertInto('sale_reversals')
      .values({
        id: body.id,
        business_id: actor.businessId,
        receipt_no: receiptNo,
        sale_id: saleId,
        kind,
        location_id: sale.location_id,
        reason: body.reason,
        total,
        tax: lines.reduce((s, l) => s + l.tax, 0),
        cost: lines.reduce((s, l) => s + l.cost, 0),
        debtor_id: sale.debtor_id,
        debtor_balance_after: balanceAfter,
        provider_id: sale.provider_id,
        reference,
        user_id: actor.userId,
        device_id: actor.deviceId,
        business_day: day,
        request_hash: hash,
        created_at: actor.at,
      })
      .execute();
    await trx
      .insertInto('sale_reversal_lines')
      .values(lines.map(({ unit_cost: _unitCost, ...l }) => l))
      .execute();
    await addToSummaries(trx, 'reversal', {
      businessId: actor.businessId,
      day,
      locationId: sale.location_id,
      userId: actor.userId,
      kind,
      total,
      tax: lines.reduce((x, l) => x + l.tax, 0),
      cost: lines.reduce((x, l) => x + l.cost, 0),
      discount: 0,
      lines,
    });
    if (kind === 'transfer' && sale.provider_id && reference) {
      await recordTransfer(trx, actor, {
        source: 'reversal',
        sourceId: body.id,
        receiptNo,
        providerId: sale.provider_id,
        reference,
        amount: -total,
        locationId: sale.location_id,
        businessDay: day,
      });
    }
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'reversal',
      docId: body.id,
      action: `sale.reverse_${kind}`,
      detail: { receipt_no: receiptNo, sale_receipt_no: sale.receipt_no, total, lines: lines.length },
    });
    return loadReversal(trx, actor.businessId, body.id);
  });
}
