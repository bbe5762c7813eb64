import { canonicalHash } from './canonical.js';
import type { Kysely } from 'kysely';
import { type QueryShape, compiledQuery } from '../db/compiled-query.js';
import type { Database } from '../db/tables.js';
import { AppError } from './errors.js';

/** The hash a write's request is stored with: a retry with the same id must carry the same content. */
export function requestHash(body: unknown): string {
  return canonicalHash(body);
}

/**
 * Tables of writes that carry their client's id and the hash of the request that made them: every
 * write that takes an id is made idempotent here, and only here.
 */
export type IdempotentTable =
  | 'sales'
  | 'sale_reversals'
  | 'debtors'
  | 'debtor_payments'
  | 'expenses'
  | 'expense_categories'
  | 'payment_providers'
  | 'day_closes'
  | 'locations'
  | 'products'
  | 'stock_documents'
  | 'suppliers'
  | 'stock_counts'
  | 'stock_count_entries';

/**
 * The tables whose rows record the user who made them (`user_id`): a retry is answered only to
 * that user. Its answer (a receipt, a payment, a stock document) is one the user who made it may
 * read; another user of the business sending the same request again, who may be limited to other
 * locations or lack the right to read it, gets the conflict a different request would.
 */
export type OwnedTable =
  | 'sales'
  | 'sale_reversals'
  | 'debtor_payments'
  | 'expenses'
  | 'day_closes'
  | 'stock_documents'
  | 'stock_count_entries';

const OWNED = new Set<IdempotentTable>([
  'sales',
  'sale_reversals',
  'debtor_payments',
  'expenses',
  'day_closes',
  'stock_documents',
  'stock_count_entries',
] satisfies OwnedTable[]);

/**
 * Whether a write with this id was already made: false for a new one, true for a retry of the
 * same request (the caller answers the first result); a different request with the same id,
 * another business's, or (for an `OwnedTable`) another user's, is a 409.
 */
export async function isReplay(
  trx: Kysely<Database>,
  table: Exclude<IdempotentTable, OwnedTable>,
  id: string,
  businessId: string,
  hash: string,
): Promise<boolean>;
export async function isReplay(
  trx: Kysely<Database>,
  table: OwnedTable,
  id: string,
  businessId: string,
  hash: string,
  userId: string | null,
): Promise<boolean>;
export async function isReplay(
  trx: Kysely<Database>,
  table: IdempotentTable,
  id: string,
  businessId: string,
  hash: string,
  userId?: string | null,
): Promise<boolean> {
  return replayOf(await replayShape(table).first(trx, { id }), businessId, hash, userId);
}

/**
 * `isReplay`'s answer for the row stored under the id (its owner, request hash and, for an
 * `OwnedTable`, the user who made it), read by the caller, or undefined when there is none.
 */
export function replayOf(
  row: ReplayRow | undefined,
  businessId: string,
  hash: string,
  userId?: string | null,
): boolean {
  if (!row) return false;
  if (
    row.business_id !== businessId ||
    row.request_hash !== hash ||
    (row.user_id !== undefined && row.user_id !== (userId ?? null))
  )
    throw new AppError('idempotency_conflict', 'A different record was already saved with this id');
  return true;
}

/** The stored id's owner and request hash, one query shape per table. */
const replayShapes = new Map<IdempotentTable, QueryShape<{ id: string }, ReplayRow>>();
export interface ReplayRow {
  business_id: string;
  request_hash: string;
  /** The user who made it, for a row of an `OwnedTable` (read by every caller of such a table). */
  user_id?: string | null;
}

function replayShape(table: IdempotentTable): QueryShape<{ id: string }, ReplayRow> {
  let shape = replayShapes.get(table);
  if (!shape) {
    shape = OWNED.has(table)
      ? compiledQuery((db, a: { id: string }) =>
          db
            .selectFrom(table as OwnedTable)
            .select(['business_id', 'request_hash', 'user_id'])
            .where('id', '=', a.id),
        )
      : compiledQuery((db, a: { id: string }) =>
          db.selectFrom(table).select(['business_id', 'request_hash']).where('id', '=', a.id),
        );
    replayShapes.set(table, shape);
  }
  return shape;
}
