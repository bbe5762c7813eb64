import { type FieldHistoryItem, parseStamp } from '@duka/domain';
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/tables.js';
import { canonical } from '../../lib/canonical.js';
import { notFound } from '../../lib/errors.js';
import type { Trx } from '../../lib/tx.js';
import type { DialectName } from '../../db/dialect.js';
import { conflictTarget } from '../../db/keys.js';
import { GROUPS_BY_TYPE } from './field-groups.js';
import type { Loss } from './merge.js';

/** Why a value was replaced: the domain's reasons (a merge's own two, and the kept values'). */
export type LossReason = FieldHistoryItem['reason'];
const REASONS: Record<LossReason, true> = {
  concurrent: true,
  unique: true,
  unit_in_use: true,
  product_holds_stock: true,
  location_in_use: true,
  last_admin: true,
  currency_in_use: true,
};
const KNOWN_REASONS: ReadonlySet<string> = new Set(Object.keys(REASONS));

/**
 * A history row's id, made from what it records: every server that sees the same loss writes the
 * same row once (`ON CONFLICT DO NOTHING`), in any order of arrival.
 */
function historyId(businessId: string, docType: string, docId: string, l: Loss): string {
  const h = createHash('sha256')
    .update([businessId, docType, docId, l.field, l.stamp, l.lostTo].join('\u0000'))
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Keeps the values that lost a merge (ADR 11 §11.1) in `field_history`. */
export async function recordLosses(
  trx: Trx,
  dialect: DialectName,
  businessId: string,
  docType: string,
  docId: string,
  losses: readonly Loss[],
  reason: LossReason,
  at: string,
): Promise<void> {
  if (losses.length === 0) return;
  await trx
    .insertInto('field_history')
    .values(
      losses.map((l) => ({
        id: historyId(businessId, docType, docId, l),
        business_id: businessId,
        doc_type: docType,
        doc_id: docId,
        field: l.field,
        value: canonical(l.value),
        stamp: l.stamp,
        won_value: canonical(l.wonValue),
        lost_to: l.lostTo,
        reason,
        recorded_at: at,
      })),
    )
    .onConflict((oc) => oc.columns(conflictTarget(dialect, ['id'])).doNothing())
    .execute();
}

/** The values a record lost in merges, newest first. */
export async function listHistory(
  k: Kysely<Database>,
  businessId: string,
  docType: string,
  docId: string,
): Promise<Database['field_history'][]> {
  const rows = await k
    .selectFrom('field_history')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('doc_type', '=', docType)
    .where('doc_id', '=', docId)
    .execute();
  return rows.sort((a, b) => (a.lost_to < b.lost_to ? 1 : a.lost_to > b.lost_to ? -1 : a.id < b.id ? -1 : 1));
}

const parseJson = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The record must be one of this business's (another business's id is a 404, never an empty list). */
async function requireRecord(k: Kysely<Database>, businessId: string, docType: string, docId: string) {
  const spec = GROUPS_BY_TYPE.get(docType);
  if (!spec) throw notFound('Record');
  const scope = spec.table === 'businesses' ? 'id' : 'business_id';
  const found = await (k as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(sql.table(spec.table).as('t'))
    .select(sql.ref('t.id').as('id'))
    .where(sql.ref('t.id'), '=', docId)
    .where(sql.ref(`t.${scope}`), '=', businessId)
    .executeTakeFirst();
  if (!found) throw notFound('Record');
}

/**
 * Groups whose values the owner may know changed but never read: a user's password hash (a
 * hash is still a secret). Their values are answered as `{}`.
 */
const SECRET_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['user', new Set(['password_hash'])],
  // The business's printer-signing key and certificate live in business_keys, a union child that
  // never loses a merge; should either ever become a field of the business, it stays unread.
  ['business', new Set(['private_key', 'certificate', 'business_keys', '@business_keys'])],
]);

/** A record's lost values as the owner reads them (ADR 11 §11.1): where and when each was set. */
export async function historyView(
  k: Kysely<Database>,
  businessId: string,
  docType: string,
  docId: string,
): Promise<FieldHistoryItem[]> {
  await requireRecord(k, businessId, docType, docId);
  const rows = await listHistory(k, businessId, docType, docId);
  if (rows.length === 0) return [];
  const self = (await k.selectFrom('server_identity').select('id').executeTakeFirst())?.id ?? '';
  const names = new Map(
    (
      await k
        .selectFrom('sync_servers')
        .select(['id', 'name'])
        .where('business_id', '=', businessId)
        .execute()
    ).map((s) => [s.id, s.name]),
  );
  const by = (text: string) => {
    const s = parseStamp(text);
    return {
      at: s && s.ms > 0 ? new Date(s.ms).toISOString() : null,
      here: !!s && s.serverId === self,
      server: (s && names.get(s.serverId)) ?? '',
    };
  };
  const secret = SECRET_FIELDS.get(docType);
  const shown = (field: string, text: string) => {
    if (secret?.has(field)) return {};
    const v = parseJson(text);
    // A location's home server is read by its name (or as this server), never by its id.
    if (docType === 'location' && field === 'home_server_id' && typeof v.home_server_id === 'string')
      return { ...v, home_here: v.home_server_id === self, home_server: names.get(v.home_server_id) ?? '' };
    return v;
  };
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    reason: KNOWN_REASONS.has(r.reason) ? (r.reason as LossReason) : 'concurrent',
    value: shown(r.field, r.value),
    set: by(r.stamp),
    won_value: shown(r.field, r.won_value),
    won: by(r.lost_to),
    recorded_at: r.recorded_at,
  }));
}
