import { canonicalHash } from './canonical.js';
import { type Kysely, type QueryCreator, sql } from 'kysely';
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
 * another business's, or (for an `OwnedTable`) another user's, is a 409. The business's own row
 * under the id is the one compared when there is one (`storedUnder`): on PostgreSQL, whose keys
 * hold the business, two businesses creating one id at the same moment both make it (neither
 * sees the other's row before it commits), and each one's retry answers its own.
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
  return replayOf(await replayShape(table).first(trx, { id, businessId }), businessId, hash, userId);
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
const replayShapes = new Map<IdempotentTable, QueryShape<ReplayAsk, ReplayRow>>();
interface ReplayAsk {
  id: string;
  businessId: string;
}
export interface ReplayRow {
  business_id: string;
  request_hash: string;
  /** The user who made it, for a row of an `OwnedTable` (read by every caller of such a table). */
  user_id?: string | null;
}

/**
 * The row stored under `id` that `replayOf` compares, at most one: the business's own when it
 * has one, else another business's (a 409). It looks in every business on purpose (a create
 * reusing another business's id is a clean 409, ADR 10), but never answers another business's
 * row while the business has its own: after two businesses made one id at once (PostgreSQL), a
 * retry found either row and the business whose row came second got a 409 for its own write.
 * Also a part of the statements that read a write's other rows with it (`leftJoinLateral`).
 */
export function storedUnder(
  db: QueryCreator<Database>,
  table: IdempotentTable,
  id: string,
  businessId: string,
) {
  const alone = db
    .selectFrom(table as OwnedTable)
    .select(['business_id', 'request_hash'])
    .$if(OWNED.has(table), (q) => q.select('user_id'))
    .where('id', '=', id)
    .orderBy(sql<boolean>`${sql.ref('business_id')} = ${businessId}`, 'desc')
    .limit(1);
  if (!SHARED_IDS.has(table)) return alone;
  const [head, ...rest] = [...SHARED_IDS].map((t) =>
    db
      .selectFrom(t as 'sales')
      .select((e) => [
        'business_id',
        t === table ? 'request_hash' : sql.lit(`other:${t}`).as('request_hash'),
        t === table && OWNED.has(t) ? 'user_id' : sql<string | null>`null`.as('user_id'),
        sql<number>`case when ${e.ref('business_id')} = ${businessId} then 1 else 0 end`.as('own'),
        sql.lit(t === table ? 1 : 0).as('same'),
      ])
      .where('id', '=', id),
  );
  const all = rest.reduce((q, next) => q.unionAll(next), head!);
  return db
    .selectFrom(all.as('stored'))
    .select(['business_id', 'request_hash', 'user_id'])
    .orderBy('own', 'desc')
    .orderBy('same', 'desc')
    .limit(1) as unknown as typeof alone;
}

/**
 * The ledger documents whose rows share child tables by their id (stock movements, debtor entries,
 * transfers: `doc_id` or `source_id`, which sync's documents gather them by): one id names one of
 * them in a business. A sale made under a stock receipt's id would carry the receipt's movements
 * to every server it syncs to, and be set aside there (the hostile-request audit). `storedUnder`
 * reads the id in all of them; a row of another table is a conflict (its hash is no request's).
 */
const SHARED_IDS = new Set<IdempotentTable>([
  'sales',
  'sale_reversals',
  'debtor_payments',
  'stock_documents',
  'stock_counts',
]);

function replayShape(table: IdempotentTable): QueryShape<ReplayAsk, ReplayRow> {
  let shape = replayShapes.get(table);
  if (!shape) {
    shape = compiledQuery((db, a: ReplayAsk) => storedUnder(db, table, a.id, a.businessId));
    replayShapes.set(table, shape);
  }
  return shape;
}
