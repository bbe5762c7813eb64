import { parseStamp } from '@duka/domain';
import { z } from 'zod';

/**
 * The server-to-server shapes of sync, part 1 (ADR 11 §3.5, §5): what a shop's server sends the
 * hosted one and what it answers. Checked on arrival like any request: sizes, ids, known types.
 */

export const SYNC_FORMAT = 1;
export const CREDENTIAL_PREFIX = 'dks1_';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z-]+$/);
const cursorSchema = z.object({ seq: z.number().int().min(0), entry_id: id.nullable() });
export type Cursor = z.infer<typeof cursorSchema>;

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const MAX_TEXT = 2_000_000;
const MAX_ROWS = 20_000;

/** Names already seen to be good (a batch repeats a few dozen column names ~100,000 times). */
const goodNames = new Set<string>();
function isName(k: string): boolean {
  if (goodNames.has(k)) return true;
  if (!NAME.test(k)) return false;
  if (goodNames.size < 1_000) goodNames.add(k);
  return true;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A cell: text, a finite number, null, or bytes as `{ $base64: text }` and nothing else. */
function isCell(v: unknown): boolean {
  if (v === null) return true;
  switch (typeof v) {
    case 'string':
      return v.length <= MAX_TEXT;
    case 'number':
      return Number.isFinite(v);
    case 'object': {
      if (!isPlainObject(v)) return false;
      const keys = Object.keys(v);
      const b = v.$base64;
      return keys.length === 1 && keys[0] === '$base64' && typeof b === 'string' && b.length <= MAX_TEXT;
    }
    default:
      return false;
  }
}

/**
 * A document body: tables (snake_case names) of at most 20,000 rows of cells. Checked by one loop
 * instead of a zod record of records of unions: a 1,000-sale batch holds some 100,000 cells, which
 * zod's union checked at about ten times this cost (sync.test.ts proves both refuse the same).
 */
export function isDocBody(v: unknown): v is Record<string, Record<string, unknown>[]> {
  if (!isPlainObject(v)) return false;
  for (const t of Object.keys(v)) {
    const rows = v[t];
    if (!isName(t) || !Array.isArray(rows) || rows.length > MAX_ROWS) return false;
    for (const row of rows) {
      if (!isPlainObject(row)) return false;
      for (const k of Object.keys(row)) if (!isName(k) || !isCell(row[k])) return false;
    }
  }
  return true;
}

export const documentSchema = z.object({
  type: z.string().max(40),
  id,
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  body: z.custom<Record<string, Record<string, string | number | null | { $base64: string }>[]>>(isDocBody, {
    message: 'not a document body',
  }),
});

export const entrySchema = z.object({
  id,
  seq: z.number().int().min(1),
  doc_type: z.string().max(40),
  doc_id: z.string().max(64),
  action: z.string().max(60),
  user_id: z.string().max(64).nullable(),
  device_id: z.string().max(200).nullable(),
  detail: z.string().max(100_000).nullable(),
  created_at: z.string().max(40),
  /**
   * The stamp the entry was written with (ADR 11 §2), kept by the receiver; `''` for entries
   * written before clocks, and what a sender from before them (which omits it) means.
   */
  hlc: z
    .string()
    .max(100)
    .refine((t) => t === '' || parseStamp(t) !== null, 'not a stamp')
    .default(''),
});
export type WireEntry = z.infer<typeof entrySchema>;

export const pushBodySchema = z.object({
  format: z.literal(SYNC_FORMAT),
  schema: z.string().max(100),
  server_id: id,
  business_id: id,
  batch_id: id,
  from: cursorSchema,
  to: cursorSchema,
  head: z.number().int().min(0),
  waiting: z.number().int().min(0),
  oldest_unsynced_at: z.string().max(40).nullable(),
  sent_ms: z.number().int(),
  omitted: z.number().int().min(0),
  entries: z.array(entrySchema).max(5_000),
  documents: z.array(documentSchema).max(20_000),
});
export type PushBody = z.infer<typeof pushBodySchema>;

export const pushAnswerSchema = z.object({
  result: z.enum(['applied', 'already_applied']),
  cursor: cursorSchema,
  applied: z.number().int(),
  unchanged: z.number().int(),
  quarantined: z.array(z.object({ doc_type: z.string(), doc_id: z.string(), reason: z.string() })),
  quarantine_open: z.number().int(),
  time_ms: z.number().int(),
});
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

export const linkRequestSchema = z.object({
  format: z.literal(SYNC_FORMAT),
  code: z.string().max(20),
  server: z.object({
    /** A server's id is a UUID (its `server_identity`): the owner revokes it by that id. */
    id: z.uuid(),
    name: z.string().trim().min(1).max(80),
    app_version: z.string().max(40),
    migrations: z.array(z.string().max(100)).max(500),
  }),
  /** The shop's business; null when a new branch PC with no business joins one (ADR 11 §11.7). */
  business: documentSchema.nullable(),
  logins: z
    .array(
      z.object({ user_id: id, username_key: z.string().max(200), mobile: z.string().max(40).nullable() }),
    )
    .max(10_000),
  head: cursorSchema,
});
export type LinkRequest = z.infer<typeof linkRequestSchema>;

export const linkAnswerSchema = z.object({
  credential: z.string().startsWith(CREDENTIAL_PREFIX),
  server_id: id,
  business_id: id,
  cursor: cursorSchema,
  /** The receipt series this server writes (ADR 11 §11.2); a hosted server from before series sends none. */
  series: z
    .string()
    .regex(/^[A-Z]{0,4}$/)
    .default(''),
  /** The largest receipt number of that series the hosted business holds: the counter starts past it. */
  receipt_last_no: z.number().int().min(0).default(0),
  time_ms: z.number().int(),
  limits: z.object({ max_entries: z.number().int(), max_bytes: z.number().int() }),
});
export type LinkAnswer = z.infer<typeof linkAnswerSchema>;

export const hostedStatusSchema = z.object({
  cursor: cursorSchema,
  state: z.string(),
  quarantine_open: z.number().int(),
  time_ms: z.number().int(),
  limits: z.object({ max_entries: z.number().int(), max_bytes: z.number().int() }),
});
export type HostedStatus = z.infer<typeof hostedStatusSchema>;

/** Longest a pull may wait for news (ADR 11 §11.3 long poll). */
export const PULL_MAX_WAIT_MS = 25_000;

export const pullRequestSchema = z.object({
  format: z.literal(SYNC_FORMAT),
  server_id: id,
  business_id: id,
  /** The puller's cursor in the hosted journal: everything up to it is applied there. */
  after: cursorSchema,
  /** Hold the answer until the hosted journal passes `after`, at most this long. */
  wait_ms: z.number().int().min(0).max(PULL_MAX_WAIT_MS).default(0),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** A pulled entry keeps the server that first wrote it and its number there (ADR 11 §2). */
export const pulledEntrySchema = entrySchema.extend({ origin: id, origin_seq: z.number().int().min(1) });
export type PulledEntry = z.infer<typeof pulledEntrySchema>;

export const pullAnswerSchema = z.object({
  format: z.literal(SYNC_FORMAT),
  schema: z.string().max(100),
  /** The hosted server's own id: the origin of entries written on the hosted site. */
  hosted_server_id: id,
  from: cursorSchema,
  to: cursorSchema,
  head: z.number().int().min(0),
  omitted: z.number().int().min(0),
  entries: z.array(pulledEntrySchema).max(5_000),
  documents: z.array(documentSchema).max(20_000),
  time_ms: z.number().int(),
});
export type PullAnswer = z.infer<typeof pullAnswerSchema>;
