/**
 * The checks of a sale, in the order `postSale` runs them: where and what is sold, the price of
 * the cart, the payment, the cost of the lines. They read but never write, so a refused sale
 * leaves nothing behind.
 */
import {
  type CartProblem,
  type PricedSale,
  type PlacedSaleBody,
  MAX_SALE_AMOUNT,
  cartProblems,
  incomingCost,
  formatMoney,
  isAdminRole,
  lineAmount,
  priceSale,
  type PaymentField,
  changeDue,
  overCreditLimit,
  paymentFieldsNotOf,
} from '@duka/domain';
import type { SaleLineRow } from '../../db/tables.js';
import type { Actor, Operator } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { SaleSettings, Trx } from '../../lib/tx.js';
import { type CheckedDebtor, requireDebtor, unknownDebtor } from '../debtors/debtor-ledger.js';
import {
  type SoldProduct,
  requireSellableProducts,
  requireSellingLocation,
  requireWholeLines,
} from '../inventory/stock-rules.js';
import { type ProviderUse, requireTransferIn } from '../transfers/transfer-ledger.js';

type Body = PlacedSaleBody;
type Named = { id: string; name: string };

const CART_MESSAGES: Record<CartProblem['code'], string> = {
  empty: 'Add at least one product to the sale',
  amount_too_large: `The sale is too large: a line or the sale may come to at most ${MAX_SALE_AMOUNT.toLocaleString('en')} in minor units`,
  line_discount_exceeds_amount: 'The discount is more than the line amount',
  line_discount_over_limit: 'The discount is more than you may give',
  sale_discount_exceeds_amount: 'The discount is more than the sale amount',
  discount_over_limit: 'The discount is more than you may give',
};

/** Money in the business's currency, for the messages (in English, as all the API's messages). */
const money = (business: Pick<SaleSettings, 'currency'>, m: number) =>
  formatMoney(m, business.currency, 'en');

/** Refuses a field that does not belong to this kind of sale, so a mistake is not kept silently. */
function refuseField(body: Body, field: PaymentField) {
  if (body[field] !== undefined)
    throw new AppError('validation_failed', `${field} is not part of a ${body.kind} sale`, field);
}

/** A sale has lines, at a location the seller may work at and that no count froze, of active products. */
export async function checkWhereAndWhat(
  trx: Trx,
  actor: Actor,
  seller: Operator,
  body: Body,
): Promise<{ location: Named; products: Map<string, SoldProduct> }> {
  if (body.lines.length === 0) throw new AppError('validation_failed', CART_MESSAGES.empty, 'lines');
  const location = await requireSellingLocation(trx, seller, body.location_id, 'location_id');
  const products = await requireSellableProducts(trx, actor.businessId, body.lines);
  return { location, products };
}

/**
 * Prices the cart at catalogue prices: a whole number of each product counted in pieces
 * (`quantity_not_whole`), discounts within the seller's limit, amounts within the maximum, and
 * the total the till showed (when it sent one) still the total.
 */
export function priceCart(
  business: SaleSettings,
  seller: Operator,
  body: Body,
  products: Map<string, SoldProduct>,
): PricedSale {
  requireWholeLines(body.lines, products);
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
    const code = problem.code.endsWith('over_limit')
      ? 'discount_not_allowed'
      : problem.code === 'amount_too_large'
        ? 'amount_too_large'
        : 'validation_failed';
    throw new AppError(code, CART_MESSAGES[problem.code], problem.field);
  }
  const priced = priceSale(cart, body.discount);
  if (body.expected_total !== undefined && body.expected_total !== priced.total)
    throw new AppError(
      'price_changed',
      `Prices changed since the till priced this sale: the total is now ${money(business, priced.total)}`,
      'lines',
    );
  return priced;
}

/** How the sale is paid: the cash handed over, the debtor who owes it, or the transfer's provider and reference. */
export interface SalePayment {
  tendered: number | null;
  debtor: Named | null;
  provider: Named | null;
  reference: string | null;
}

/** What the sale's reads found of its payment (PostgreSQL: sale-reads.ts); null: nothing by that id. */
export interface PaymentReads {
  debtor?: PaymentDebtor | null;
  transfer?: ProviderUse | null;
}

/** The columns of a debtor the payment's check reads. */
export type PaymentDebtor = CheckedDebtor;

/**
 * Checks the payment of the kind of sale against the total; the fields of other kinds are refused.
 * The debtor, or the provider with the reference's earlier use, is read here unless `read` has it.
 */
export async function checkPayment(
  trx: Trx,
  actor: Actor,
  business: SaleSettings,
  body: Body,
  total: number,
  read: PaymentReads = {},
): Promise<SalePayment> {
  for (const f of paymentFieldsNotOf(body.kind)) refuseField(body, f);
  if (body.kind === 'cash') {
    if (body.tendered === undefined)
      throw new AppError('validation_failed', 'Enter the amount tendered', 'tendered');
    if (changeDue(body.tendered, total) < 0)
      throw new AppError(
        'tendered_too_low',
        `The amount tendered is less than the total of ${money(business, total)}`,
        'tendered',
      );
    return { tendered: body.tendered, debtor: null, provider: null, reference: null };
  }
  if (body.kind === 'debtor') {
    if (!body.debtor_id) throw new AppError('validation_failed', 'Choose the debtor', 'debtor_id');
    if (read.debtor === null) throw unknownDebtor('debtor_id');
    const d = read.debtor ?? (await requireDebtor(trx, actor.businessId, body.debtor_id, 'debtor_id'));
    if (d.active !== 1)
      throw new AppError('validation_failed', `${d.name} may no longer buy on credit`, 'debtor_id');
    const after = Number(d.balance) + total;
    if (overCreditLimit({ balance: Number(d.balance), credit_limit: Number(d.credit_limit) }, total))
      throw new AppError(
        'credit_limit_exceeded',
        `Over ${d.name}'s credit limit of ${money(business, Number(d.credit_limit))}: the balance would be ${money(business, after)}`,
        'debtor_id',
      );
    return { tendered: null, debtor: d, provider: null, reference: null };
  }
  const { provider, reference } = await requireTransferIn(
    trx,
    actor.businessId,
    body.provider_id,
    body.reference,
    read.transfer,
  );
  return { tendered: null, debtor: null, provider, reference };
}

/**
 * The lines as they will be stored: what each product was at the moment of sale, its share of
 * the discounts and tax, and its cost at the average cost, or at the buying price while the
 * product has no average cost yet (`incomingCost`: sold below zero before any stock came in, it
 * would otherwise count as sold at no cost, its whole price profit, for good).
 */
export function saleLines(
  actor: Actor,
  body: Body,
  priced: PricedSale,
  products: Map<string, SoldProduct>,
): SaleLineRow[] {
  const lines = priced.lines.map((l, i) => {
    const input = body.lines[i]!;
    const p = products.get(input.product_id)!;
    const unitCost = incomingCost(Number(p.avg_cost), Number(p.buying_price));
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
    throw new AppError('amount_too_large', CART_MESSAGES.amount_too_large, 'lines');
  return lines;
}
