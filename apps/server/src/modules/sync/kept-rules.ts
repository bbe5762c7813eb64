/**
 * The rules a sync's merge must not break where they hold (ADR 11 §11.5): a value a PATCH here
 * would refuse, arriving from a server where nothing stood in the way, is kept as it is here by
 * kept-values.ts. Each rule names its record, its field group, the reason the history gives, when
 * the merged value is one it refuses, and whether this server's data stands in the way (as it was
 * before the batch, with the records this batch has already merged in `batch`).
 */
import { sql } from 'kysely';
import type { Trx } from '../../lib/tx.js';
import { currencyInUse } from '../business/business.service.js';
import { hasMoved, holdsStock, inOpenCount } from '../catalog/catalog.service.js';
import type { LossReason } from './history.js';

type Row = Record<string, unknown>;

export interface Held {
  trx: Trx;
  businessId: string;
  id: string;
  /** The record as stored here, and as the merge made it. */
  was: Row;
  merged: Row;
  /** The records of the rule's kind this batch merged before this one: id → merged row. */
  batch: ReadonlyMap<string, Row>;
}

export interface KeepRule {
  docType: 'business' | 'product' | 'location' | 'user';
  table: 'businesses' | 'products' | 'locations' | 'users';
  /** The field group (one column of the record). */
  field: string;
  reason: LossReason;
  /** Whether the merge's value (another than the stored one) is one this rule may refuse. */
  changes: (was: Row, merged: Row) => boolean;
  /** Whether this server's data stands in the way. */
  held: (h: Held) => Promise<boolean>;
}

const on = (v: unknown) => Number(v) === 1;
const activeAdmin = (r: Row) => r.role === 'admin' && on(r.active) && !r.deleted_at;
const activePlace = (r: Row) => on(r.active) && !r.deleted_at;

/**
 * How many records other than `h.id` match: those this batch merged by their merged row, the
 * others as stored.
 */
function others(h: Held, stored: Row[], matches: (r: Row) => boolean): number {
  const fromDb = stored.filter((r) => r.id !== h.id && !h.batch.has(String(r.id))).length;
  const fromBatch = [...h.batch].filter(([id, r]) => id !== h.id && matches(r)).length;
  return fromDb + fromBatch;
}

/** No other active admin: the business would be left without one. */
async function lastAdmin(h: Held): Promise<boolean> {
  const stored = await h.trx
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', h.businessId)
    .where('role', '=', 'admin')
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  return others(h, stored, activeAdmin) === 0;
}

/** Stock held or owed there, an open count, or no other active location. */
async function placeInUse(h: Held): Promise<boolean> {
  const held = await h.trx
    .selectFrom('stock_levels')
    .select('product_id')
    .where('business_id', '=', h.businessId)
    .where('location_id', '=', h.id)
    .where('quantity', '!=', 0)
    .limit(1)
    .executeTakeFirst();
  if (held) return true;
  const counting = await h.trx
    .selectFrom('stock_counts')
    .select('id')
    .where('business_id', '=', h.businessId)
    .where('location_id', '=', h.id)
    .where('status', '=', sql.lit('open'))
    .limit(1)
    .executeTakeFirst();
  if (counting) return true;
  const stored = await h.trx
    .selectFrom('locations')
    .select('id')
    .where('business_id', '=', h.businessId)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  return others(h, stored, activePlace) === 0;
}

export const KEEP_RULES: readonly KeepRule[] = [
  {
    docType: 'business',
    table: 'businesses',
    field: 'currency',
    reason: 'currency_in_use',
    changes: (was, merged) => merged.currency !== was.currency,
    held: (h) =>
      currencyInUse(
        h.trx,
        {
          id: h.businessId,
          currency: String(h.was.currency),
          default_credit_limit: Number(h.was.default_credit_limit ?? 0),
        },
        String(h.merged.currency),
      ),
  },
  {
    docType: 'product',
    table: 'products',
    field: 'unit',
    reason: 'unit_in_use',
    changes: (was, merged) => merged.unit !== was.unit,
    held: async (h) => (await hasMoved(h.trx, h.businessId, [h.id])).size > 0,
  },
  {
    docType: 'product',
    table: 'products',
    field: 'active',
    reason: 'product_holds_stock',
    changes: (was, merged) => on(was.active) && !on(merged.active),
    held: async (h) =>
      (await holdsStock(h.trx, h.businessId, [h.id])).size > 0 ||
      (await inOpenCount(h.trx, h.businessId, [h.id])).size > 0,
  },
  {
    docType: 'location',
    table: 'locations',
    field: 'active',
    reason: 'location_in_use',
    changes: (was, merged) => on(was.active) && !on(merged.active),
    held: placeInUse,
  },
  {
    docType: 'user',
    table: 'users',
    field: 'active',
    reason: 'last_admin',
    changes: (was, merged) => activeAdmin(was) && !on(merged.active),
    held: lastAdmin,
  },
  {
    docType: 'user',
    table: 'users',
    field: 'role',
    reason: 'last_admin',
    changes: (was, merged) => activeAdmin(was) && merged.role !== 'admin',
    held: lastAdmin,
  },
];
