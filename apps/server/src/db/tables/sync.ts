/** Row types of the sync tables (ADR 11, migration 0009). */
import type { Generated } from 'kysely';
import type { Counter } from './columns.js';

/** One row: this database's server id. */
export interface ServerIdentityTable {
  id: string;
  created_at: string;
}

export interface SyncQuarantineTable {
  id: string;
  business_id: string;
  /** The shop server that sent it. */
  server_id: string;
  doc_type: string;
  doc_id: string;
  reason: string;
  label: Generated<string>;
  /** The document as received (JSON text). */
  incoming: string;
  incoming_hash: string;
  stored_hash: string | null;
  /** JSON list of {path, stored, incoming}. */
  diff: Generated<string>;
  first_seen_at: string;
  last_seen_at: string;
  seen_count: Generated<number>;
  dismissed_at: string | null;
  dismissed_by: string | null;
}

/** The local server's link to the hosted one (one per business). */
export interface SyncLinksTable {
  business_id: string;
  hosted_url: string;
  /** The bearer credential, sealed with KEY_ENCRYPTION_KEY when one is set. */
  credential: string;
  credential_prefix: string;
  state: string;
  /** The last entry of this journal the hosted side acknowledged. */
  push_cursor: Generated<Counter>;
  push_cursor_entry_id: string | null;
  /** Hosted clock minus this one (ms), from the exchange with the shortest round trip. */
  clock_offset_ms: number | null;
  best_rtt_ms: number | null;
  last_contact_at: string | null;
  last_push_at: string | null;
  last_attempt_at: string | null;
  last_error_code: string | null;
  last_error_at: string | null;
  failing_since: string | null;
  hosted_quarantine: Generated<number>;
  /** The receipt series this server writes for the business (ADR 11 §11.2): `''`, `B`, `C`, … */
  series: Generated<string>;
  linked_at: string;
  updated_at: string;
  /** The last entry of the hosted journal applied here (ADR 11 §11.3), and its id. */
  pull_cursor: Generated<Counter>;
  pull_cursor_entry_id: string | null;
  last_pull_at: string | null;
  /** Entries the hosted journal held past the pull cursor at the last pull. */
  pull_waiting: Generated<number>;
  /** The hosted server's own id (its journal origin), learnt from the first pull. */
  hosted_server_id: string | null;
  /**
   * The largest number of this server's series the hosted business held when a PC with no
   * business joined: its counter starts past it once the pull brings the business.
   */
  receipt_floor: Generated<number>;
}

/**
 * The receipt series a shop's server keeps writing in after it unlinks (ADR 11 §11.2), so its
 * numbers never meet another server's; linking again replaces it with the link's series.
 */
export interface KeptSeriesTable {
  business_id: string;
  series: string;
  kept_at: string;
}

export interface LinkCodesTable {
  code_hash: string;
  business_id: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by_server: string | null;
}

/** A shop server the hosted server takes pushes from. */
export interface SyncServersTable {
  id: string;
  business_id: string;
  name: string;
  credential_hash: string;
  credential_prefix: string;
  state: string;
  /** The last entry of the shop's journal applied here, and its id. */
  cursor: Generated<Counter>;
  cursor_entry_id: string | null;
  reported_head: Generated<Counter>;
  reported_waiting: Generated<number>;
  oldest_unsynced_at: string | null;
  clock_skew_ms: number | null;
  app_version: Generated<string>;
  schema: Generated<string>;
  linked_at: string;
  last_contact_at: string | null;
  last_push_at: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  /** Its receipt series, unique in the business over unrevoked rows (ADR 11 §11.2). */
  series: Generated<string>;
  /** 1 for the hosted site's own row of a business (no credential): it holds the hosted series. */
  hosted: Generated<number>;
  /** The last entry of this hosted journal the server said it has applied (ADR 11 §11.3). */
  pull_cursor: Generated<Counter>;
  pull_cursor_entry_id: string | null;
  last_pull_at: string | null;
}

/** A value that lost a merge (ADR 11 §11.1), as this server saw it. */
export interface FieldHistoryTable {
  id: string;
  business_id: string;
  doc_type: string;
  doc_id: string;
  /** The field group. */
  field: string;
  /** The losing value (JSON) and the stamp it was set with. */
  value: string;
  stamp: string;
  /** The value (JSON) and stamp it lost to. */
  won_value: string;
  lost_to: string;
  /** 'concurrent' (two servers edited it) or 'unique' (a code, barcode or name taken first elsewhere). */
  reason: string;
  recorded_at: string;
}
