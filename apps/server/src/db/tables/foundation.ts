/** Row types of the tables: businesses, people, sessions, devices, locations, files and the journal. */
import type { Generated } from 'kysely';
import type { Bit, Counter } from './columns.js';

export interface BusinessesTable {
  id: string;
  name: string;
  logo: string | null;
  address: string;
  phone: string;
  email: string;
  tax_number: string;
  currency: string;
  timezone: string;
  language: string;
  receipt_header: string;
  receipt_footer: string;
  /** JSON text of the payment details printed on receipts. */
  payment_details: string;
  online_offline: Bit;
  two_way_sync: Generated<Bit>;
  require_approved_devices: Bit;
  allow_negative_stock: Bit;
  /** Largest discount staff may give, in basis points of the amount (admins: no limit). */
  max_discount_bp: number;
  /** Credit limit of a debtor that someone other than an admin adds. */
  default_credit_limit: Counter;
  /** Receipt roll width in millimetres: 58 or 80. */
  receipt_width: number;
  /**
   * Characters per line receipts are laid out at: 32 (58 mm), 42 or 48 (80 mm); read with
   * `receiptColumnsOf`, which holds it to what the roll prints (migration 0035).
   */
  receipt_columns: Generated<number>;
  /** What the business calls its tax (GST, ICMS…) on receipts and screens; '' = the language's word (0036). */
  tax_name: Generated<string>;
  /** The first day of its week, JavaScript's day number: 1 Monday, 0 Sunday, 6 Saturday (0036). */
  week_start: Generated<number>;
  /** A network receipt printer the local server prints to directly (raw TCP); '' = none. */
  printer_host: string;
  printer_port: number;
  /** 'active' or 'suspended' (hosted billing); a suspended business answers 402. */
  status: string;
  created_at: string;
  updated_at: string;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
}

export interface UsersTable {
  id: string;
  business_id: string;
  name: string;
  username: string;
  /** Lower-cased username: unique across the server, so sign-in needs no business. */
  username_key: string;
  mobile: string | null;
  password_hash: string;
  role: string;
  /** JSON text: the granted flag names. */
  flags: string;
  img: string;
  home_location_id: string | null;
  active: Bit;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
}

export interface UserLocationsTable {
  user_id: string;
  location_id: string;
  business_id: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  business_id: string;
  user_id: string;
  token_hash: string;
  device_id: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface DevicesTable {
  business_id: string;
  id: string;
  name: string;
  status: string;
  first_seen_at: string;
  last_seen_at: string;
  last_user_id: string | null;
  created_at: string;
  updated_at: string;
  /** SHA-256 hex of the device token the server issued to this till; null: none issued yet. */
  token_hash: string | null;
}

export interface LocationsTable {
  id: string;
  business_id: string;
  /** Hash of the request that created it (lib/idempotency.ts); '' for rows made before 0008. */
  request_hash: Generated<string>;
  name: string;
  active: Bit;
  /**
   * The server where its stock counts and day closes are made (ADR 11 §11.4): the one that
   * created it, until the owner moves it. Null only on rows the migration could not place.
   */
  home_server_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Field group → HLC stamp of the write that set it, JSON (ADR 11 §2, migration 0016). */
  stamps: Generated<string>;
}

export interface FilesTable {
  id: string;
  business_id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  data: Buffer;
  created_by: string | null;
  created_at: string;
}

export interface JournalTable {
  business_id: string;
  seq: Counter;
  id: string;
  doc_type: string;
  doc_id: string;
  action: string;
  user_id: string | null;
  device_id: string | null;
  /** JSON text with what changed (never secrets). */
  detail: string | null;
  created_at: string;
  /** The server that first wrote the entry (ADR 11) and its number there; a pushed entry keeps both. */
  origin: string;
  origin_seq: Counter;
  /** The hybrid logical clock stamp the entry was written with (ADR 11 §2); '' before 0011. */
  hlc: string;
}

export interface JournalCountersTable {
  business_id: string;
  last_seq: Counter;
  /** The business's hybrid logical clock (ADR 11 §2), moved by the update that takes `last_seq`. */
  hlc_ms: Generated<Counter>;
  hlc_counter: Generated<Counter>;
}

export interface LoginFailuresTable {
  id: string;
  /** 'login:<lowercased login>' or 'ip:<address>'. */
  key: string;
  created_at: string;
}
