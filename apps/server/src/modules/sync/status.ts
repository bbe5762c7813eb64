import type { QuarantineItem, SyncState, SyncStatusView } from '@duka/domain';
import { QUARANTINE_REASONS, SYNC_STATES } from '@duka/domain';
import type { Db } from '../../db/database.js';
import { journalHead, waitingAfter } from './batch.js';
import { linkOf, serverIdOf } from './link-local.js';

const asState = (s: string): SyncState =>
  (SYNC_STATES as readonly string[]).includes(s) ? (s as SyncState) : 'refused';

/** What the owner sees of sync (ADR 11 §8), on either side. */
export async function syncStatus(
  db: Db,
  businessId: string,
  mode: 'local' | 'hosted',
): Promise<SyncStatusView> {
  return mode === 'hosted' ? hostedStatus(db, businessId) : localStatus(db, businessId);
}

async function localStatus(db: Db, businessId: string): Promise<SyncStatusView> {
  const link = await linkOf(db, businessId);
  const head = await journalHead(db, businessId);
  const cursor = Number(link?.push_cursor ?? 0);
  const waiting = link
    ? await waitingAfter(db, businessId, cursor, await serverIdOf(db))
    : { entries: 0, documents: 0, oldest_sale_at: null };
  return {
    role: 'local',
    linked: !!link,
    hosted_url: link?.hosted_url ?? null,
    server_id: await serverIdOf(db),
    state: link ? asState(link.state) : null,
    linked_at: link?.linked_at ?? null,
    last_push_at: link?.last_push_at ?? null,
    last_contact_at: link?.last_contact_at ?? null,
    last_attempt_at: link?.last_attempt_at ?? null,
    last_pull_at: link?.last_pull_at ?? null,
    to_pull: link?.pull_waiting ?? 0,
    waiting: { entries: waiting.entries, documents: waiting.documents },
    head,
    cursor,
    oldest_unsynced_sale_at: waiting.oldest_sale_at,
    failing_since: link?.failing_since ?? null,
    last_error:
      link?.last_error_code && link.last_error_at
        ? { code: link.last_error_code, at: link.last_error_at }
        : null,
    clock_skew_ms:
      link?.clock_offset_ms === null || link?.clock_offset_ms === undefined ? null : -link.clock_offset_ms,
    quarantine_open: link?.hosted_quarantine ?? 0,
    quarantine_here: await openQuarantine(db, businessId),
    series: link ? link.series : await keptSeries(db, businessId),
  };
}

async function keptSeries(db: Db, businessId: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('kept_series')
    .select('series')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return row?.series ?? null;
}

async function openQuarantine(db: Db, businessId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('sync_quarantine')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('business_id', '=', businessId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function hostedStatus(db: Db, businessId: string): Promise<SyncStatusView> {
  const servers = await db.kysely
    .selectFrom('sync_servers')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('hosted', '=', 0)
    .orderBy('linked_at')
    .orderBy('id')
    .execute();
  const head = await journalHead(db, businessId);
  return {
    role: 'hosted',
    linked: servers.some((s) => !s.revoked_at),
    servers: servers.map((s) => ({
      id: s.id,
      name: s.name,
      state: asState(s.state),
      credential_prefix: s.credential_prefix,
      linked_at: s.linked_at,
      last_contact_at: s.last_contact_at,
      last_push_at: s.last_push_at,
      last_pull_at: s.last_pull_at,
      to_pull: Math.max(0, head - Number(s.pull_cursor)),
      waiting: Number(s.reported_waiting),
      oldest_unsynced_sale_at: s.oldest_unsynced_at,
      clock_skew_ms: s.clock_skew_ms,
      revoked_at: s.revoked_at,
      series: s.series,
    })),
    quarantine_open: await openQuarantine(db, businessId),
  };
}

/** The quarantine of a business, newest first: open items only. */
export async function quarantineList(db: Db, businessId: string): Promise<QuarantineItem[]> {
  const rows = await db.kysely
    .selectFrom('sync_quarantine as q')
    .leftJoin('sync_servers as s', 's.id', 'q.server_id')
    .select([
      'q.id',
      'q.doc_type',
      'q.doc_id',
      'q.reason',
      'q.server_id',
      's.name as server_name',
      'q.label',
      'q.diff',
      'q.first_seen_at',
      'q.last_seen_at',
      'q.seen_count',
    ])
    .where('q.business_id', '=', businessId)
    .where('q.dismissed_at', 'is', null)
    .orderBy('q.last_seen_at', 'desc')
    .orderBy('q.id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    doc_type: r.doc_type,
    doc_id: r.doc_id,
    reason: (QUARANTINE_REASONS as readonly string[]).includes(r.reason)
      ? (r.reason as QuarantineItem['reason'])
      : 'invalid',
    server_id: r.server_id,
    server_name: r.server_name ?? '',
    label: r.label,
    diff: JSON.parse(r.diff) as QuarantineItem['diff'],
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
    seen_count: Number(r.seen_count),
  }));
}
