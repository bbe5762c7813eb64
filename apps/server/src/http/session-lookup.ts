import { CompiledQuery, type Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import { executeCompiled, rowsAsArrays } from '../db/group-commit.js';
import { type ReadAt, keptRead } from '../db/kept-read.js';
import type { Database } from '../db/tables.js';
import { keptTag, pgKeptOf } from '../db/pg-kept.js';
import { prepareByName } from '../db/pg-prepared.js';
import type { SessionsTable } from '../db/tables/foundation.js';
import type { ContextBusiness, ContextUser } from '../lib/context.js';

/**
 * A signed-in request's session, its user and its business in one statement (issue 21: three
 * queries one after another, and the query building of each, were most of `GET /api/me`).
 * The statement's text is made once per dialect from the column lists below; the type checks
 * make a column added to a table without being added here a compile error. It reads only what a
 * request holds (`ContextUser`, `ContextBusiness`: not the field stamps nor the password hash),
 * and on SQLite takes the row as an array: a 55-column row as an object cost twice the statement.
 */
const SESSION_COLUMNS = [
  'id',
  'user_id',
  'business_id',
  'device_id',
  'last_seen_at',
  'expires_at',
  'revoked_at',
] as const;
const USER_COLUMNS = [
  'id',
  'business_id',
  'name',
  'username',
  'username_key',
  'mobile',
  'role',
  'flags',
  'img',
  'home_location_id',
  'active',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
const BUSINESS_COLUMNS = [
  'id',
  'name',
  'logo',
  'address',
  'phone',
  'email',
  'tax_number',
  'currency',
  'timezone',
  'language',
  'receipt_header',
  'receipt_footer',
  'payment_details',
  'online_offline',
  'two_way_sync',
  'require_approved_devices',
  'allow_negative_stock',
  'max_discount_bp',
  'default_credit_limit',
  'receipt_width',
  'receipt_columns',
  'tax_name',
  'week_start',
  'printer_host',
  'printer_port',
  'status',
  'created_at',
  'updated_at',
] as const;

// Every column a request holds is listed (a missing one fails the build here).
type Missing<Row, Listed> = Exclude<keyof Row, Listed>;
const allUsers: Missing<ContextUser, (typeof USER_COLUMNS)[number]> extends never ? true : never = true;
const allBusinesses: Missing<ContextBusiness, (typeof BUSINESS_COLUMNS)[number]> extends never
  ? true
  : never = true;
void allUsers;
void allBusinesses;

export type SessionPart = Pick<SessionsTable, (typeof SESSION_COLUMNS)[number]>;

export interface SessionRows {
  session: SessionPart;
  user: ContextUser;
  business: ContextBusiness;
  /**
   * A shop's local server keeps the business and it has not chosen two-way sync: on a hosted
   * server its copy is read-only (`syncedFromShop`; meaningless on a local server).
   */
  keptByShop: boolean;
}

/** What the session's statement reads: its rows are kept while none of these is written. */
export const SESSION_TABLES = ['sessions', 'users', 'businesses', 'sync_servers'] as const;

const texts = new Map<DialectName, string>();

function statement(dialect: DialectName): string {
  let text = texts.get(dialect);
  if (!text) {
    const cols = (alias: string, list: readonly string[]) =>
      list.map((c) => `"${alias}"."${c}" as "${alias}_${c}"`);
    text =
      `select ${[...cols('s', SESSION_COLUMNS), ...cols('u', USER_COLUMNS), ...cols('b', BUSINESS_COLUMNS)].join(', ')}` +
      // the same test as modules/sync/synced-from-shop.ts, asked here rather than in a statement
      // of its own on every write and every GET /api/me
      `, case when "b"."two_way_sync" = 0 and exists (select 1 from "sync_servers" as "k"` +
      ` where "k"."business_id" = "s"."business_id" and "k"."revoked_at" is null and "k"."hosted" = 0)` +
      ` then 1 else 0 end as "kept"` +
      ` from "sessions" as "s"` +
      ` inner join "users" as "u" on "u"."id" = "s"."user_id"` +
      ` inner join "businesses" as "b" on "b"."id" = "s"."business_id"` +
      ` where "s"."token_hash" = ${dialect === 'postgres' ? '$1' : '?'}`;
    texts.set(dialect, text);
    if (dialect === 'postgres') prepareByName(text);
  }
  return text;
}

/** The columns of `list` from `values`, starting at `offset`, as an object. */
function pick<T>(values: readonly unknown[], offset: number, list: readonly string[]): T {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < list.length; i++) out[list[i]!] = values[offset + i];
  return out as T;
}

/**
 * The session with this token hash, with its user and business; undefined when there is none.
 * On the shop's SQLite the answer is kept until one of its tables is written (`keptRead`): a
 * till's requests, its sales included, ask for the same three rows, which only a change to the
 * session, the user or the business moves. On a hosted server's PostgreSQL it is kept until a
 * change to one of those rows is heard of (`PgKept`, migration 0023's notices).
 */
export function sessionRows(
  db: Kysely<Database>,
  dialect: DialectName,
  tokenHash: string,
  at?: ReadAt,
): Promise<SessionRows | undefined> {
  const pgKept = dialect === 'postgres' ? pgKeptOf(db) : undefined;
  if (pgKept)
    return pgKept.read(
      `session:${tokenHash}`,
      (found) =>
        found && [
          keptTag.session(tokenHash),
          keptTag.user(found.user.id),
          keptTag.business(found.business.id),
        ],
      () => readSessionRows(db, dialect, tokenHash),
    );
  return keptRead(
    db,
    `session:${tokenHash}`,
    SESSION_TABLES,
    () => readSessionRows(db, dialect, tokenHash),
    at,
  );
}

async function readSessionRows(
  db: Kysely<Database>,
  dialect: DialectName,
  tokenHash: string,
): Promise<SessionRows | undefined> {
  const { rows } = await executeCompiled<unknown[] | Record<string, unknown>>(
    db,
    rowsAsArrays(CompiledQuery.raw(statement(dialect), [tokenHash])),
  );
  const row = rows[0];
  if (!row) return undefined;
  // SQLite answers an array; PostgreSQL an object whose keys are in the statement's order.
  const values = Array.isArray(row) ? row : Object.values(row);
  const u = SESSION_COLUMNS.length;
  const b = u + USER_COLUMNS.length;
  return {
    session: pick<SessionPart>(values, 0, SESSION_COLUMNS),
    user: pick<ContextUser>(values, u, USER_COLUMNS),
    business: pick<ContextBusiness>(values, b, BUSINESS_COLUMNS),
    keptByShop: Number(values[b + BUSINESS_COLUMNS.length]) === 1,
  };
}
