import type { Transaction } from 'kysely';
import { compiledQuery } from '../db/compiled-query.js';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';
import type { BusinessRow, Database } from '../db/tables.js';

export type Trx = Transaction<Database>;

/**
 * Serialises writers of one business for the rest of the transaction. SQLite has one writer
 * already; PostgreSQL takes a row lock on the business, so rules that read before they write
 * (the last active admin, stock levels) cannot be broken by two requests at once.
 */
export async function lockBusiness(db: Db, trx: Trx, businessId: string): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await lockRow.run(trx, { businessId });
}

/** `lockBusiness` where only the transaction is at hand (its dialect read from it). */
export async function lockBusinessIn(trx: Trx, businessId: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await lockRow.run(trx, { businessId });
}

// A shape of its own: sent with the transaction's `begin` (db/pg-prepared.ts).
const lockRow = compiledQuery((db, a: { businessId: string }) =>
  db.selectFrom('businesses').select('id').where('id', '=', a.businessId).forUpdate(),
);

/**
 * Waits for the business's writers holding `lockBusiness` and keeps them out until this
 * transaction ends, without queueing readers like itself behind one another (PostgreSQL's
 * `FOR SHARE`; SQLite has one writer already). For a write that must see, or be seen by, a sale
 * being recorded (a cart saved as its sale commits).
 */
export async function shareBusinessLock(db: Db, trx: Trx, businessId: string): Promise<void> {
  if (db.dialect !== 'postgres') return;
  await trx.selectFrom('businesses').select('id').where('id', '=', businessId).forShare().execute();
}

/**
 * `lockBusiness` that also answers the business row, read under the lock: the settings a write
 * depends on (negative stock, discount limit, time zone) cannot change under it.
 */
export async function lockedBusiness(_db: Db, trx: Trx, businessId: string) {
  const business = await lockedBusinessRow.first(trx, { businessId });
  if (!business) throw new Error('lockedBusiness: no such business');
  return business;
}

/** What a sale reads of its business under the lock. */
export type SaleSettings = Pick<
  BusinessRow,
  'id' | 'currency' | 'timezone' | 'max_discount_bp' | 'allow_negative_stock'
>;

/** `lockedBusiness` for a sale: only the settings it reads (the whole row is 26 columns). */
export async function lockedSaleSettings(trx: Trx, businessId: string): Promise<SaleSettings> {
  // kept on the shop's SQLite while the businesses table is unchanged (`QueryShape.kept`)
  const [business] = await lockedSettings.kept(trx, { businessId });
  if (!business) throw new Error('lockedSaleSettings: no such business');
  return business;
}

const lockedSettings = compiledQuery((db, a: { businessId: string }) => {
  const q = db
    .selectFrom('businesses')
    .select(['id', 'currency', 'timezone', 'max_discount_bp', 'allow_negative_stock'])
    .where('id', '=', a.businessId);
  return dialectOf(db) === 'postgres' ? q.forUpdate() : q;
});

const lockedBusinessRow = compiledQuery((db, a: { businessId: string }) => {
  const q = db.selectFrom('businesses').selectAll().where('id', '=', a.businessId);
  return dialectOf(db) === 'postgres' ? q.forUpdate() : q;
});
