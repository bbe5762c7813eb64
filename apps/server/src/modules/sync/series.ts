import { formatReceiptNo } from '@duka/domain';
import { type RawBuilder, sql } from 'kysely';
import { compiledQuery } from '../../db/compiled-query.js';
import { dialectOf } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import { lastReceiptNo, nextReceiptNo, raiseReceiptCounter } from '../../lib/receipts.js';
import { ownServerId } from '../../lib/server-id.js';
import type { Trx } from '../../lib/tx.js';
import { firstFreeSeries } from './series-codes.js';

/**
 * Receipt series (ADR 11 §11.2): every server that writes for a business has its own, so
 * numbers stay unique in the business while servers sell apart. The series in use are the
 * hosted `sync_servers` rows that are not revoked (the unique index `sync_servers_series`); a
 * revoked server's series is free again, so the next server to link takes it (its replacement),
 * with its counter raised past the numbers already written in it.
 */

/**
 * The receipt series this server writes for the business: its link's, or the hosted site's own.
 * A hosted site writing for a business a shop's PC keeps (two-way, ADR 11 §11.6) takes its own
 * series the first time (callers hold the business lock), so its numbers never meet the shop's.
 */
export async function writerSeries(trx: Trx, businessId: string): Promise<string> {
  const [row] = await seriesOrKeeper.kept(trx, { businessId });
  if (!row) return '';
  if (row.series !== null) return row.series;
  return hostedSeries(trx, businessId);
}

/**
 * The series this server writes in, as one expression (it runs in every sale): in this order, its
 * link's, the hosted site's own row's, a series kept from an earlier link; else null when a shop's
 * server (not the hosted site's own row) keeps the business; else `''`. Scalar subqueries, not a
 * union ordered by source: SQLite sorted that union in a temporary b-tree, ~300 µs of every sale
 * (issue 21); these are ~13 µs.
 */
const seriesOf = (businessId: string) => sql<string | null>`coalesce(
    (select "l"."series" from "sync_links" as "l" where "l"."business_id" = ${businessId} limit 1),
    (select "h"."series" from "sync_servers" as "h"
      where "h"."business_id" = ${businessId} and "h"."hosted" = 1 and "h"."revoked_at" is null limit 1),
    (select "k"."series" from "kept_series" as "k" where "k"."business_id" = ${businessId} limit 1),
    case when exists (select 1 from "sync_servers" as "s"
      where "s"."business_id" = ${businessId} and "s"."hosted" = 0 and "s"."revoked_at" is null) then null else '' end
  )`;

const seriesOrKeeper = compiledQuery(
  (_db, a: { businessId: string }) =>
    sql<{ series: string | null }>`select ${seriesOf(a.businessId)} as "series"`,
);

/**
 * The counter of the series this server writes in, moved on by one, in one statement: the
 * series' subqueries inside the update. No row when the series has no counter yet or is not
 * settled (`writerSeries` decides those).
 */
const bumpWriterCounter = compiledQuery((_db, a: { businessId: string }) => writerCounterBump(a.businessId));

/**
 * The update of `bumpWriterCounter`, for a statement of its own or as a part of one that does
 * more (a sale's reads, `sale-reads.ts`); `also`, a further condition (a retry takes no number).
 */
export const writerCounterBump = (businessId: string, also?: RawBuilder<boolean>) =>
  sql<{ series: string; last_no: number }>`update "receipt_counters"
    set "last_no" = "last_no" + 1
    where "business_id" = ${businessId} and "series" = ${seriesOf(businessId)}${also ? sql` and ${also}` : sql``}
    returning "series", "last_no"`;

/**
 * A document's receipt number taken in its reads (`writerCounterBump`), unless a row of `table`
 * has its id already (a retry takes no number): the `with` part `bumped`.
 */
export const bumpedUnlessStored = (
  table: 'sales' | 'sale_reversals' | 'debtor_payments',
  businessId: string,
  id: string,
) =>
  // Kysely puts a raw part of a `with` in no parentheses of its own.
  sql<{
    series: string;
    last_no: number | string;
  }>`(${writerCounterBump(businessId, sql<boolean>`not exists (select 1 from ${sql.table(table)} where "business_id" = ${businessId} and "id" = ${id})`)})`;

/**
 * The next receipt number this server gives a document of the business (the caller holds the
 * business lock): of its series (`writerSeries`), from the series' counter (`nextReceiptNo`).
 * On PostgreSQL the two are one round trip once the series has a counter (every document but a
 * series' first); the shop's SQLite keeps the series read between writes and has no round trips.
 */
export async function writerReceiptNo(trx: Trx, businessId: string): Promise<string> {
  if (dialectOf(trx) === 'postgres') {
    const row = await bumpWriterCounter.first(trx, { businessId });
    if (row) return formatReceiptNo(row.series, Number(row.last_no));
  }
  return nextReceiptNo(trx, businessId, await writerSeries(trx, businessId));
}

async function seriesRows(trx: Trx, businessId: string) {
  return trx
    .selectFrom('sync_servers')
    .select(['id', 'series', 'hosted', 'revoked_at'])
    .where('business_id', '=', businessId)
    .execute();
}

/** A hosted row holding `series` for the hosted site (no credential: nothing can sign in as it). */
async function insertHostedRow(trx: Trx, businessId: string, series: string, at: string): Promise<void> {
  await trx
    .insertInto('sync_servers')
    .values({
      id: newId(),
      business_id: businessId,
      name: 'Hosted site',
      credential_hash: `hosted:${businessId}`,
      credential_prefix: '',
      state: 'active',
      cursor_entry_id: null,
      oldest_unsynced_at: null,
      clock_skew_ms: null,
      linked_at: at,
      last_contact_at: null,
      last_push_at: null,
      revoked_at: null,
      revoked_by: null,
      series,
      hosted: 1,
    })
    .execute();
  await raiseReceiptCounter(trx, businessId, series);
}

/**
 * The hosted site's own series for a business, taken the first time it is asked (when the
 * business turns two-way): the first free code. Call it in the transaction that needs it, under
 * the business lock (`lockBusiness`), so two processes cannot take two codes.
 */
export async function hostedSeries(
  trx: Trx,
  businessId: string,
  at = new Date().toISOString(),
): Promise<string> {
  const rows = await seriesRows(trx, businessId);
  const own = rows.find((r) => r.hosted === 1 && !r.revoked_at);
  if (own) return own.series;
  const series = firstFreeSeries(new Set(rows.filter((r) => !r.revoked_at).map((r) => r.series)));
  await insertHostedRow(trx, businessId, series, at);
  return series;
}

/** Whether the hosted site wrote documents of the business itself (it brought the business). */
async function hostedWrote(trx: Trx, businessId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('journal')
    .select('id')
    .where('business_id', '=', businessId)
    .where('origin', '=', sql<string>`(SELECT id FROM server_identity)`)
    .where('doc_type', 'not in', ['session', 'device'])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * The series of a server linking to a business (hosted side, in the link transaction): the one
 * it holds, unless another live server took it while it was revoked; else the first free code.
 * The server that brings the business gets `''`; when the hosted site brought it (it has
 * documents of its own and no server was ever linked), the hosted site keeps `''` first.
 * Answers the series and the largest number already written in it here.
 */
export async function seriesForLink(
  trx: Trx,
  businessId: string,
  serverId: string,
  at: string,
): Promise<{ series: string; last_no: number }> {
  const rows = await seriesRows(trx, businessId);
  const mine = rows.find((r) => r.id === serverId);
  const taken = new Set(rows.filter((r) => !r.revoked_at && r.id !== serverId).map((r) => r.series));
  let series: string;
  if (mine && !taken.has(mine.series)) series = mine.series;
  else {
    if (rows.length === 0 && (await hostedWrote(trx, businessId))) {
      await insertHostedRow(trx, businessId, '', at);
      taken.add('');
    }
    series = firstFreeSeries(taken);
  }
  return { series, last_no: await lastReceiptNo(trx, businessId, series) };
}

/** Whether a server id is this database's own (for a location's home, ADR 11 §11.4). */
export const isOwnServer = async (trx: Trx, id: string | null): Promise<boolean> =>
  id === null || id === (await ownServerId(trx));
