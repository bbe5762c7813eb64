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

const cell = z.union([
  z.string().max(2_000_000),
  z.number(),
  z.null(),
  z.object({ $base64: z.string().max(2_000_000) }).strict(),
]);
const rowSchema = z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), cell);

export const documentSchema = z.object({
  type: z.string().max(40),
  id,
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  body: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.array(rowSchema).max(20_000)),
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
    id,
    name: z.string().trim().min(1).max(80),
    app_version: z.string().max(40),
    migrations: z.array(z.string().max(100)).max(500),
  }),
  business: documentSchema,
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
