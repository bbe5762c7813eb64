/**
 * The rules a sync's merge must not break where they hold (ADR 11 §11.5): a value a PATCH here
 * would refuse, arriving from a server where nothing stood in the way, is kept as it is here by
 * kept-values.ts. Each rule names its record, its field group, the reason the history gives, when
 * the merged value is one it refuses, and whether this server's data stands in the way (as it was
 * before the batch, with the records this batch has already merged in `batch`).
 */
import type { Trx } from '../../lib/tx.js';
import { currencyInUse } from '../business/business.service.js';
import { hasMoved, holdsStock, inOpenCount } from '../catalog/catalog.service.js';
import { countingAt, holdsStockAt, openLocationsBut } from '../locations/locations.service.js';
import { countActiveAdmins } from '../users/users.repository.js';
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
const openPlace = (r: Row) => on(r.active) && !r.deleted_at;

/** How many of the records this batch merged before `h.id`'s (but it) match, by their merged row. */
const inBatch = (h: Held, matches: (r: Row) => boolean) =>
  [...h.batch].filter(([id, r]) => id !== h.id && matches(r)).length;

/** The ids a count of the stored records leaves out: this record and those the batch merged. */
const butBatch = (h: Held) => [h.id, ...h.batch.keys()];

/** No other active admin (the PATCH's own count): the business would be left without one. */
const lastAdmin = async (h: Held) =>
  (await countActiveAdmins(h.trx, h.businessId, butBatch(h))) + inBatch(h, activeAdmin) === 0;

/** Stock held or owed there, an open count, or no other open location (the PATCH's own checks). */
const placeInUse = async (h: Held) =>
  (await holdsStockAt(h.trx, h.businessId, h.id)) ||
  (await countingAt(h.trx, h.businessId, h.id)) ||
  (await openLocationsBut(h.trx, h.businessId, butBatch(h))) + inBatch(h, openPlace) === 0;

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
