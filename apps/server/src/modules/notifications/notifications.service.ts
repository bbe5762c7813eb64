import { type Notifications, addDays, businessDay, isLowStock } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { reorderProducts } from '../reports/dashboard.js';

type Q = Kysely<Database>;
const DAY_MS = 86_400_000;
/** How far back a day not closed is still reported. */
const DAYS_BACK = 7;

/** Products with a level below zero somewhere. */
async function negativeStock(db: Q, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_levels')
    .select((eb) => eb.fn.count<number>('product_id').distinct().as('n'))
    .where('business_id', '=', businessId)
    .where('quantity', '<', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Debtors whose balance is above a non-zero credit limit. */
async function overLimit(db: Q, businessId: string): Promise<number> {
  const row = await db
    .selectFrom('debtors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .where('credit_limit', '>', 0)
    .whereRef('balance', '>', 'credit_limit')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** References received more than once for one provider (possible only through sync). */
async function duplicateReferences(db: Q, businessId: string): Promise<number> {
  const rows = await db
    .selectFrom('transfers')
    .select(['provider_id', 'reference'])
    .where('business_id', '=', businessId)
    .where('amount', '>', 0)
    .groupBy(['provider_id', 'reference'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  return rows.length;
}

/** Transfers made before `before` with no confirmation. */
async function oldUnconfirmed(db: Q, businessId: string, before: string): Promise<number> {
  const row = await db
    .selectFrom('transfers as t')
    .leftJoin('transfer_confirmations as c', 'c.transfer_id', 't.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.business_id', '=', businessId)
    .where('c.transfer_id', 'is', null)
    .where('t.created_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The days from `from` to `to` with sales at a location that was not closed that day, the latest first. */
async function daysNotClosed(db: Q, businessId: string, from: string, to: string) {
  const rows = await db
    .selectFrom('sales as s')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .leftJoin('day_closes as d', (j) =>
      j.onRef('d.location_id', '=', 's.location_id').onRef('d.day', '=', 's.business_day'),
    )
    .select(['s.business_day as day', 's.location_id', 'l.name as location_name'])
    .distinct()
    .where('s.business_id', '=', businessId)
    .where('s.business_day', '>=', from)
    .where('s.business_day', '<=', to)
    .where('d.id', 'is', null)
    .orderBy('s.business_day', 'desc')
    .orderBy('l.name')
    .orderBy('s.location_id')
    .execute();
  return rows;
}

/** Pending tills, when the business only lets approved ones in. */
async function devicesWaiting(db: Q, businessId: string, required: boolean): Promise<number> {
  if (!required) return 0;
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Unique values a sync merge replaced since `since` (field_history, ADR 11 §11.1). */
async function replacedValues(db: Q, businessId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('field_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('reason', '=', 'unique')
    .where('recorded_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What needs the owner's attention now. `backup` is the local server's last failure when no
 * backup succeeded after it (null on a hosted server).
 */
export async function notifications(
  db: Q,
  business: { id: string; timezone: string; require_approved_devices: number },
  now: Date,
  backup: Notifications['backup_failing'],
): Promise<Notifications> {
  const today = businessDay(now, business.timezone);
  const [reorder, negative, over, twice, transfers, days, devices, replaced] = await Promise.all([
    reorderProducts(db, business.id),
    negativeStock(db, business.id),
    overLimit(db, business.id),
    duplicateReferences(db, business.id),
    oldUnconfirmed(db, business.id, new Date(now.getTime() - DAY_MS).toISOString()),
    daysNotClosed(db, business.id, addDays(today, -DAYS_BACK), addDays(today, -1)),
    devicesWaiting(db, business.id, business.require_approved_devices === 1),
    replacedValues(db, business.id, new Date(now.getTime() - DAYS_BACK * DAY_MS).toISOString()),
  ]);
  return {
    low_stock: reorder.filter((p) => isLowStock(Number(p.q ?? 0), Number(p.reorder_level))).length,
    negative_stock: negative,
    debtors_over_limit: over,
    duplicate_references: twice,
    unconfirmed_transfers: transfers,
    days_not_closed: days,
    backup_failing: backup,
    devices_waiting: devices,
    replaced_values: replaced,
  };
}
