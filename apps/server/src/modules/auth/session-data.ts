import { type SessionData, isAdminRole, receiptColumnsOf, weekStartOf } from '@duka/domain';
import { type Kysely, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import { keptTag, pgKeptOf } from '../../db/pg-kept.js';
import { openCountSettings } from '../stock-counts/count-reads.js';
import { type ReadAt, keptRead } from '../../db/kept-read.js';
import type { Database } from '../../db/tables.js';
import type { ContextBusiness, ContextUser } from '../../lib/context.js';
import { rolesOf } from '../../lib/user-flags.js';
import { hasNetworkPrinter } from '../business/business.repository.js';
import { locationIdsOf } from '../users/users.repository.js';

/** The seed spec's session data (§3) for a signed-in user. */
export function sessionData(
  user: ContextUser,
  business: ContextBusiness,
  locationIds: string[],
  mode: 'local' | 'hosted',
  deviceId: string | null,
  stockTaking: SessionData['stock_taking'],
  syncedFromShop: boolean,
): SessionData {
  return {
    user: {
      uid: user.id,
      nm: user.name,
      img: user.img,
      role: user.role,
      username: user.username,
      home_location_id: user.home_location_id,
      location_ids: locationIds,
    },
    shop_details: { name: business.name, online_offline: business.online_offline ? '1' : '0' },
    user_roles: rolesOf(user.flags),
    stock_taking: stockTaking,
    business: {
      id: business.id,
      name: business.name,
      logo: business.logo,
      currency: business.currency,
      timezone: business.timezone,
      language: business.language as SessionData['business']['language'],
      allow_negative_stock: business.allow_negative_stock === 1,
      max_discount_bp: business.max_discount_bp,
      default_credit_limit: Number(business.default_credit_limit),
      receipt_width: business.receipt_width === 58 ? 58 : 80,
      receipt_columns: receiptColumnsOf(business.receipt_width, business.receipt_columns),
      tax_name: business.tax_name,
      week_start: weekStartOf(business.week_start),
      network_printer: hasNetworkPrinter(business, mode),
    },
    mode,
    device_id: deviceId,
    synced_from_shop: syncedFromShop,
  };
}

/** The open stock counts at the user's locations (all of them for an admin), for `stock_taking`. */
export async function stockTakingFor(
  db: Kysely<Database>,
  user: ContextUser,
  locationIds: string[],
): Promise<SessionData['stock_taking']> {
  return stockTakingOf(user, locationIds, await openCountSettings(db, user.business_id));
}

type OpenCount = SessionData['stock_taking']['open_counts'][number];

function stockTakingOf(
  user: ContextUser,
  locationIds: string[],
  open: OpenCount[],
): SessionData['stock_taking'] {
  const mine = isAdminRole(user.role) ? open : open.filter((c) => locationIds.includes(c.location_id));
  return {
    open_counts: mine,
    frozen_location_ids: mine.filter((c) => c.freeze_sales).map((c) => c.location_id),
  };
}

/**
 * PostgreSQL only: the user's locations and the business's open counts in one statement, one
 * round trip instead of two (issue 21), as `locationIdsOf` and `openCountSettings` read them.
 */
const meInOne = compiledQuery((db, a: { businessId: string; userId: string }) =>
  db.selectNoFrom((eb) => [
    sql<string[]>`array(${eb
      .selectFrom('user_locations')
      .select('location_id')
      .where('business_id', '=', a.businessId)
      .where('user_id', '=', a.userId)
      .orderBy('location_id')})`.as('location_ids'),
    sql<OpenCount[]>`coalesce((select json_agg(json_build_object('id', "c"."id",
        'location_id', "c"."location_id", 'freeze_sales', "c"."freeze_sales" = 1,
        'started_at', "c"."started_at")) from ${eb
          .selectFrom('stock_counts')
          .selectAll()
          .where('business_id', '=', a.businessId)
          .where('status', '=', sql.lit('open'))
          .as('c')}), '[]'::json)`.as('open_counts'),
  ]),
);

/** What `sessionReads` reads: kept while none of these is written. */
export const ME_TABLES = ['user_locations', 'stock_counts'] as const;

/**
 * What `GET /api/me` reads beside the session: the user's locations and the stock counts that
 * concern them. On the shop's SQLite kept until one of its tables is written (`keptRead`, issue
 * 21): a till asks for it at every page load; on a hosted server's PostgreSQL until a notice of
 * the user or the business is heard (`PgKept`, migration 0037). `at`: the request's moment
 * (`request.readAt`).
 */
export function sessionReads(
  db: Kysely<Database>,
  user: ContextUser,
  at?: ReadAt,
): Promise<{ locationIds: string[]; stockTaking: SessionData['stock_taking'] }> {
  // the role is part of the key: the counts an admin sees are not those of staff, and the user
  // may have been read before a change of role that this read comes after
  const key = `me:${user.id}:${user.role}`;
  if (dialectOf(db) === 'postgres') {
    // kept on a hosted server until a notice of the user or the business (migration 0037): one
    // statement less for every page a till opens
    const read = async () => {
      const row = await meInOne.first(db, { businessId: user.business_id, userId: user.id });
      const locationIds = row?.location_ids ?? [];
      return { locationIds, stockTaking: stockTakingOf(user, locationIds, row?.open_counts ?? []) };
    };
    const pgKept = pgKeptOf(db);
    return pgKept
      ? pgKept.read(key, () => [keptTag.user(user.id), keptTag.business(user.business_id)], read)
      : read();
  }
  return keptRead(
    db,
    key,
    ME_TABLES,
    async () => {
      const locationIds = (await locationIdsOf(db, user.business_id, [user.id])).get(user.id) ?? [];
      return { locationIds, stockTaking: await stockTakingFor(db, user, locationIds) };
    },
    at,
  );
}
