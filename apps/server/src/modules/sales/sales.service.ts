import {
  type CartProblem,
  type Sale,
  type saleBodySchema,
  MAX_SALE_AMOUNT,
  SELL_FLAG,
  businessDay,
  cartProblems,
  formatMoney,
  isAdminRole,
  lineAmount,
  priceSale,
} from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../lib/actor.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { nextReceiptNo } from '../../lib/receipts.js';
import { lockedBusiness } from '../../lib/tx.js';
import { postDebtorEntry, requireDebtor } from '../debtors/debtor-ledger.js';
import { postMovements } from '../inventory/ledger.js';
import { type Operator, requireActiveProducts, requireUsableLocation } from '../inventory/stock-rules.js';
import { addToSummaries } from '../reports/summaries.js';
import { assertSalesNotFrozen } from '../stock-counts/stock-counts.service.js';
import {
  assertReferenceUnused,
  recordTransfer,
  requireProvider,
  requireReference,
} from '../transfers/transfer-ledger.js';
import { loadSale } from './sales.repository.js';

type Body = z.output<typeof saleBodySchema>;

/** The operator of a sale also carries their flags: each kind of sale has its own. */
export interface Seller extends Operator {
  roles: Partial<Record<string, number>>;
  /** Shown on the receipt as who served. */
  name: string;
}

const CART_MESSAGES: Record<CartProblem['code'], string> = {
  empty: 'Add at least one product to the sale',
  amount_too_large: `The sale is too large: a line or the sale may come to at most ${MAX_SALE_AMOUNT.toLocaleString('en')} in minor units`,
  line_discount_exceeds_amount: 'The discount is more than the line amount',
  line_discount_over_limit: 'The discount is more than you may give',
  sale_discount_exceeds_amount: 'The discount is more than the sale amount',
  discount_over_limit: 'The discount is more than you may give',
};

/** Refuses a field that does not belong to this kind of sale, so a mistake is not kept silently. */
function refuseField(body: Body, field: 'tendered' | 'debtor_id' | 'provider_id' | 'reference') {
  if (body[field] !== undefined)
    throw new AppError('validation_failed', `${field} is not part of a ${body.kind} sale`, field);
}

/** Who may sell this kind of sale: admins, or holders of its flag. */
export function assertMaySell(seller: Seller, kind: Body['kind']): void {
  if (isAdminRole(seller.role) || seller.roles[SELL_FLAG[kind]] === 1) return;
  throw new AppError('forbidden', `You may not make ${kind} sales`);
}

/**
 * Records one sale: idempotent by the till's id (the same request again answers the first
 * result; another request with the same id is a 409). Everything is checked before anything is
 * written; the sale, its lines with their unit costs, the stock movements, the debtor entry or
 * the transfer, the receipt number and the journal row commit together or not at all.
 */
export async function postSale(db: Db, actor: Actor, seller: Seller, body: Body): Promise<Sale> {
  assertMaySell(seller, body.kind);
  const hash = requestHash(body);
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedBusiness(db, trx, actor.businessId);
    if (await isReplay(trx, 'sales', body.id, actor.businessId, hash))
      return loadSale(trx, actor.businessId, body.id);

    if (body.lines.length === 0) throw new AppError('validation_failed', CART_MESSAGES.empty, 'lines');
    const location = await requireUsableLocation(trx, seller, body.location_id, 'location_id');
    await assertSalesNotFrozen(trx, body.location_id);
    const products = await requireActiveProducts(trx, actor.businessId, body.lines);

    const cart = body.lines.map((l) => {
      const p = products.get(l.product_id)!;
      return {
        quantity: l.quantity,
        unit_price: Number(p.price),
        tax_rate: p.tax_rate,
        discount: l.discount,
      };
    });
    const limit = isAdminRole(seller.role) ? null : business.max_discount_bp;
    const problem = cartProblems(cart, body.discount, limit)[0];
    if (problem) {
      const code = problem.code.endsWith('over_limit') ? 'discount_not_allowed' : 'validation_failed';
      throw new AppError(code, CART_MESSAGES[problem.code], problem.field);
    }
    const priced = priceSale(cart, body.discount);
    const money = (m: number) => formatMoney(m, business.currency, 'en');
    if (body.expected_total !== undefined && body.expected_total !== priced.total)
      throw new AppError(
        'price_changed',
        `Prices changed since the till priced this sale: the total is now ${money(priced.total)}`,
        'lines',
      );

    const day = businessDay(actor.at, business.timezone);
    let tendered: number | null = null;
    let debtor: { id: string; name: string } | null = null;
    let provider: { id: string; name: string } | null = null;
    let reference: string | null = null;
    if (body.kind === 'cash') {
      for (const f of ['debtor_id', 'provider_id', 'reference'] as const) refuseField(body, f);
      if (body.tendered === undefined)
        throw new AppError('validation_failed', 'Enter the amount tendered', 'tendered');
      if (body.tendered < priced.total)
        throw new AppError(
          'tendered_too_low',
          `The amount tendered is less than the total of ${money(priced.total)}`,
          'tendered',
        );
      tendered = body.tendered;
    } else if (body.kind === 'debtor') {
      for (const f of ['tendered', 'provider_id', 'reference'] as const) refuseField(body, f);
      if (!body.debtor_id) throw new AppError('validation_failed', 'Choose the debtor', 'debtor_id');
      const d = await requireDebtor(trx, actor.businessId, body.debtor_id, 'debtor_id');
      if (d.active !== 1)
        throw new AppError('validation_failed', `${d.name} may no longer buy on credit`, 'debtor_id');
      const after = Number(d.balance) + priced.total;
      if (after > Number(d.credit_limit))
        throw new AppError(
          'credit_limit_exceeded',
          `Over ${d.name}'s credit limit of ${money(Number(d.credit_limit))}: the balance would be ${money(after)}`,
          'debtor_id',
        );
      debtor = d;
    } else {
      refuseField(body, 'tendered');
      refuseField(body, 'debtor_id');
      provider = await requireProvider(trx, actor.businessId, body.provider_id, 'provider_id');
      reference = requireReference(body.reference);
      await assertReferenceUnused(trx, actor.businessId, provider.id, reference);
    }

    const lines = priced.lines.map((l, i) => {
      const input = body.lines[i]!;
      const p = products.get(input.product_id)!;
      const unitCost = Number(p.avg_cost);
      return {
        sale_id: body.id,
        line_no: i + 1,
        business_id: actor.businessId,
        product_id: p.id,
        name: p.name,
        code: p.code,
        unit: p.unit,
        quantity: l.quantity,
        unit_price: l.unit_price,
        tax_rate: l.tax_rate,
        gross: l.gross,
        discount: l.discount,
        sale_discount: l.sale_discount,
        net: l.net,
        tax: l.tax,
        unit_cost: unitCost,
        cost: lineAmount(l.quantity, unitCost),
      };
    });
    // The cost comes from the average cost, which the cart check does not see.
    if (lines.reduce((sum, l) => sum + l.cost, 0) > MAX_SALE_AMOUNT)
      throw new AppError('validation_failed', CART_MESSAGES.amount_too_large, 'lines');
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

    const receiptNo = await nextReceiptNo(trx, actor.businessId);
    let balanceAfter: number | null = null;
    if (debtor) {
      balanceAfter = await postDebtorEntry(trx, actor, {
        debtorId: debtor.id,
        kind: 'sale',
        amount: priced.total,
        docId: body.id,
        receiptNo,
        businessDay: day,
      });
    }
    const row = {
      id: body.id,
      business_id: actor.businessId,
      receipt_no: receiptNo,
      kind: body.kind,
      location_id: body.location_id,
      user_id: actor.userId,
      device_id: actor.deviceId,
      business_day: day,
      gross: priced.gross,
      discount: priced.discount,
      total: priced.total,
      tax: priced.tax,
      cost: lines.reduce((s, l) => s + l.cost, 0),
      tendered,
      change: tendered === null ? null : tendered - priced.total,
      debtor_id: debtor?.id ?? null,
      debtor_balance_after: balanceAfter,
      provider_id: provider?.id ?? null,
      reference,
      note: body.note,
      request_hash: hash,
      created_at: actor.at,
    };
    await trx.insertInto('sales').values(row).execute();
    await trx.insertInto('sale_lines').values(lines).execute();
    await addToSummaries(trx, 'sale', {
      businessId: actor.businessId,
      day,
      locationId: body.location_id,
      userId: actor.userId,
      kind: body.kind,
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
    if (provider && reference) {
      await recordTransfer(trx, actor, {
        source: 'sale',
        sourceId: body.id,
        receiptNo,
        providerId: provider.id,
        reference,
        amount: priced.total,
        locationId: body.location_id,
        businessDay: day,
      });
    }
    await appendJournal(trx, {
      ...actor.journal,
      docType: 'sale',
      docId: body.id,
      action: `sale.${body.kind}`,
      detail: { receipt_no: receiptNo, total: priced.total, lines: lines.length },
    });
    // Answered from what was written (the same shape `loadSale` reads back for a retry), which
    // saves four queries on the busiest write.
    return {
      ...row,
      kind: body.kind,
      location_name: location.name,
      user_name: seller.name,
      debtor_name: debtor?.name ?? null,
      provider_name: provider?.name ?? null,
      lines: lines.map((l) => ({
        line_no: l.line_no,
        product_id: l.product_id,
        name: l.name,
        code: l.code,
        unit: l.unit,
        quantity: l.quantity,
        unit_price: l.unit_price,
        tax_rate: l.tax_rate,
        gross: l.gross,
        discount: l.discount,
        sale_discount: l.sale_discount,
        net: l.net,
        tax: l.tax,
        reversed: 0,
      })),
      reversed_total: 0,
      reversals: [],
    };
  });
}
