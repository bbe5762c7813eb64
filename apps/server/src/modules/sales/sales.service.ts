import { type PlacedSaleBody, type Sale, type saleBodySchema, businessDay, maySell } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { Actor, Context, Operator } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { requestHash } from '../../lib/idempotency.js';
import { writerReceiptNo } from '../sync/series.js';
import { lockedSaleSettings } from '../../lib/tx.js';
import { checkPayment, priceCart, saleLines } from './sale-checks.js';
import { saleReads } from './sale-reads.js';
import { saleAnswer, writeSale } from './sale-writes.js';
import { loadSale } from './sales.repository.js';
import { dropSoldCart } from '../work-drafts/work-drafts.repository.js';

type Body = z.output<typeof saleBodySchema>;

/** Who sells (the request's context): their flags say which kinds they may sell; their name is on the receipt. */
export type Seller = Actor & Operator & Pick<Context, 'roles' | 'user'>;

/** Who may sell this kind of sale: admins, or holders of its flag. */
export function assertMaySell(seller: Seller, kind: Body['kind']): void {
  if (maySell(seller, kind)) return;
  throw new AppError('forbidden', `You may not make ${kind} sales`);
}

/** The sale at its location, or at the seller's home location when the till named none. */
function placed(seller: Seller, body: Body): PlacedSaleBody {
  const locationId = body.location_id ?? seller.user?.home_location_id;
  if (!locationId)
    throw new AppError('location_required', 'Choose the location you are selling at', 'location_id');
  return Object.assign({}, body, { location_id: locationId });
}

/**
 * A retry is a till sending its own sale again (its answer lost): it is answered the sale. The
 * same cart completed on another till is not (a parked sale resumed on two tills, a cart taken over
 * from another till while the first still showed it): answered as a retry, the second till showed
 * "Sale complete" with the first's receipt, for goods it may have been paid for again, and
 * recorded nothing (the browser QA). Known only where both requests named their device.
 */
function assertSameTill(actor: Actor, sale: Sale): void {
  if (!actor.deviceId || !sale.device_id || sale.device_id === actor.deviceId) return;
  throw new AppError(
    'sale_completed_elsewhere',
    `This sale was already completed on another till as receipt #${sale.receipt_no}`,
    undefined,
    {},
    { receipt_no: sale.receipt_no },
  );
}

/**
 * Records one sale: idempotent by the till's id (the same request again answers the first
 * result; another request with the same id is a 409). Everything is checked before anything is
 * written; the sale, its lines with their unit costs, the stock movements, the debtor entry or
 * the transfer, the receipt number and the journal row commit together or not at all.
 */
export async function postSale(db: Db, seller: Seller, sent: Body): Promise<Sale> {
  const actor: Actor = seller;
  assertMaySell(seller, sent.kind);
  const hash = requestHash(sent);
  const body = placed(seller, sent);
  return db.kysely.transaction().execute(async (trx) => {
    const business = await lockedSaleSettings(trx, actor.businessId);
    // Checks (sale-reads.ts, sale-checks.ts): they only read (on PostgreSQL the reads also take the
    // receipt number), and a refusal throws, so the transaction leaves nothing behind.
    const reads = await saleReads(trx, actor, seller, body, hash);
    if (reads.replay) {
      const sale = await loadSale(trx, actor.businessId, body.id);
      assertSameTill(actor, sale);
      await dropSoldCart(trx, actor.businessId, body.id);
      return sale;
    }
    const { location, products } = reads;
    const priced = priceCart(business, seller, body, products);
    const payment = await checkPayment(trx, actor, business, body, priced.total, reads.payment);
    const lines = saleLines(actor, body, priced, products);

    // Writes (sale-writes.ts), in this order.
    const receiptNo = reads.receiptNo ?? (await writerReceiptNo(trx, actor.businessId));
    const day = businessDay(actor.at, business.timezone);
    const row = await writeSale(trx, actor, business, body, hash, {
      receiptNo,
      day,
      priced,
      lines,
      payment,
      products,
      dialect: db.dialect,
    });
    return saleAnswer(row, lines, { location: location.name, user: seller.user?.name ?? '', payment });
  });
}
