import {
  ROLL_OF_COLUMNS,
  type RollWidth,
  type ReceiptColumns,
  type businessUpdateSchema,
  currencyMinorDigits,
  receiptColumnsOf,
} from '@duka/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { BusinessRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import type { Actor } from '../../lib/context.js';
import { findBusiness, toBusiness } from './business.repository.js';
import { type ImageSetter, requireOwnImage } from '../files/files.repository.js';

type Patch = z.output<typeof businessUpdateSchema>;

export async function updateBusiness(
  db: Db,
  actor: Actor,
  patch: Patch,
): Promise<ReturnType<typeof toBusiness>> {
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    if (patch.currency !== undefined) await refuseCurrencyInUse(trx, actor.businessId, patch.currency);
    const before = await snapshotRecord(trx, actor.businessId, 'business', actor.businessId);
    const {
      payment_details,
      online_offline,
      two_way_sync,
      require_approved_devices,
      allow_negative_stock,
      receipt_width,
      receipt_columns,
      ...plain
    } = patch;
    const set: Partial<BusinessRow> = { ...plain, updated_at: actor.at };
    if (receipt_width !== undefined || receipt_columns !== undefined)
      Object.assign(set, await receiptLayout(trx, actor.businessId, receipt_width, receipt_columns));
    if (payment_details) set.payment_details = JSON.stringify(payment_details);
    if (online_offline !== undefined) set.online_offline = online_offline;
    if (two_way_sync !== undefined) set.two_way_sync = two_way_sync ? 1 : 0;
    // Selling on the hosted site is working online as well as offline: two-way sync on (asked now
    // or already) keeps it on (the web shows the switch on and greyed out meanwhile)
    if (two_way_sync) set.online_offline = 1;
    else if (online_offline === 0 && two_way_sync === undefined) {
      const current = await trx
        .selectFrom('businesses')
        .select('two_way_sync')
        .where('id', '=', actor.businessId)
        .executeTakeFirst();
      if (current?.two_way_sync) set.online_offline = 1;
    }
    if (require_approved_devices !== undefined)
      set.require_approved_devices = require_approved_devices ? 1 : 0;
    if (allow_negative_stock !== undefined) set.allow_negative_stock = allow_negative_stock ? 1 : 0;
    await trx.updateTable('businesses').set(set).where('id', '=', actor.businessId).execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'business',
      docId: actor.businessId,
      action: 'business.update',
      detail: { fields: Object.keys(patch) },
    });
    await stampRecord(trx, actor.businessId, 'business', actor.businessId, stamp, before);
    const row = await findBusiness(trx, actor.businessId);
    if (!row) throw new AppError('not_found', 'Business not found');
    return toBusiness(row);
  });
}

/**
 * The roll width and characters per line a profile write sets. The characters per line name their
 * roll (42 and 48: 80 mm; 32: 58 mm), and a roll width sent with them must be that roll. A roll
 * width alone (a client from before 42 was a choice) keeps the characters per line when the roll
 * prints them (80 mm stays 42), else takes what the roll alone means (58 mm: 32, 80 mm: 48).
 */
async function receiptLayout(
  trx: Trx,
  businessId: string,
  width: RollWidth | undefined,
  columns: ReceiptColumns | undefined,
): Promise<{ receipt_width: RollWidth; receipt_columns: ReceiptColumns }> {
  if (columns !== undefined) {
    const roll = ROLL_OF_COLUMNS[columns];
    if (width !== undefined && width !== roll)
      throw new AppError(
        'validation_failed',
        `receipt_width: ${columns} characters a line print on a ${roll} mm roll`,
        'receipt_width',
      );
    return { receipt_width: roll, receipt_columns: columns };
  }
  const roll = width ?? 80;
  const business = await findBusiness(trx, businessId);
  return { receipt_width: roll, receipt_columns: receiptColumnsOf(roll, business?.receipt_columns) };
}

/**
 * Amounts are integers of the currency's minor unit: a change of currency changes what every
 * amount kept means (KES 65.00 becomes UGX 6,500). Refused once anything happened in money (a sale,
 * a stock document, an expense, a debtor's entry), or, to a currency with another number of minor
 * digits, once a price, a cost or a credit limit is set; before that it is a choice made at
 * setup corrected.
 */
async function refuseCurrencyInUse(trx: Trx, businessId: string, next: string): Promise<void> {
  const business = await findBusiness(trx, businessId);
  if (!business || business.currency === next) return;
  if (await currencyInUse(trx, business, next))
    throw new AppError(
      'currency_in_use',
      `Amounts are recorded in ${business.currency} already: the currency cannot change`,
      'currency',
      {},
      { currency: business.currency },
    );
}

/**
 * Whether the business's amounts stand in the way of its currency becoming `next` (another than its
 * own): the rule of `refuseCurrencyInUse`, also kept against a sync (sync/kept-rules.ts).
 */
export async function currencyInUse(
  trx: Trx,
  business: Pick<BusinessRow, 'id' | 'currency' | 'default_credit_limit'>,
  next: string,
): Promise<boolean> {
  const businessId = business.id;
  const any = (table: 'sales' | 'stock_documents' | 'expenses' | 'debtor_entries') =>
    trx
      .selectFrom(table)
      .select(sql<number>`1`.as('one'))
      .where('business_id', '=', businessId)
      .limit(1);
  const history = await trx
    .selectNoFrom((eb) => [
      eb.exists(any('sales')).as('sales'),
      eb.exists(any('stock_documents')).as('documents'),
      eb.exists(any('expenses')).as('expenses'),
      eb.exists(any('debtor_entries')).as('entries'),
      eb
        .exists(
          trx
            .selectFrom('products')
            .select(sql<number>`1`.as('one'))
            .where('business_id', '=', businessId)
            .where((w) => w.or([w('price', '>', 0), w('buying_price', '>', 0), w('avg_cost', '>', 0)]))
            .limit(1),
        )
        .as('prices'),
      eb
        .exists(
          trx
            .selectFrom('debtors')
            .select(sql<number>`1`.as('one'))
            .where('business_id', '=', businessId)
            .where('credit_limit', '>', 0)
            .limit(1),
        )
        .as('limits'),
    ])
    .executeTakeFirstOrThrow();
  const yes = (v: unknown) => v === true || Number(v) === 1;
  const happened =
    yes(history.sales) || yes(history.documents) || yes(history.expenses) || yes(history.entries);
  const priced = yes(history.prices) || yes(history.limits) || Number(business.default_credit_limit) > 0;
  const sameDigits = currencyMinorDigits(business.currency) === currencyMinorDigits(next);
  return happened || (priced && !sameDigits);
}

/** Sets the logo to an uploaded image of this business, or clears it (null). */
export async function setLogo(db: Db, actor: Actor & ImageSetter, img: string | null) {
  return db.kysely.transaction().execute(async (trx) => {
    if (img !== null) await requireOwnImage(trx, actor, img);
    const was = await snapshotRecord(trx, actor.businessId, 'business', actor.businessId);
    await trx
      .updateTable('businesses')
      .set({ logo: img, updated_at: actor.at })
      .where('id', '=', actor.businessId)
      .execute();
    const { stamp } = await appendJournal(trx, {
      ...actor.journal,
      docType: 'business',
      docId: actor.businessId,
      action: img ? 'business.logo_set' : 'business.logo_delete',
      detail: img ? { img } : {},
    });
    await stampRecord(trx, actor.businessId, 'business', actor.businessId, stamp, was);
    const row = await findBusiness(trx, actor.businessId);
    if (!row) throw new AppError('not_found', 'Business not found');
    return toBusiness(row);
  });
}
