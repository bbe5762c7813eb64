import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';
import { isGuessablePassword } from './password-strength.js';

export const idSchema = /* @__PURE__ */ lazySchema(() =>
  z.uuid().describe('A UUID (v7 for records Duka creates)'),
);
export const timestampSchema = /* @__PURE__ */ lazySchema(() => z.string().describe('UTC time, ISO 8601'));

export const errorSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: z.string().optional(),
      /** What the refusal names, for the client's own words (ErrorParamsByCode); only some codes. */
      params: z
        .record(
          z.string(),
          z.union([
            z.string(),
            z.number(),
            // Sync's expected cursor (sync_gap, sync_diverged).
            z.object({ seq: z.number(), entry_id: z.string().nullable() }),
          ]),
        )
        .optional(),
    }),
  }),
);

export const okSchema = /* @__PURE__ */ lazySchema(() => z.object({ ok: z.literal(true) }));

/** GET /api/health: liveness, the server's mode and version. */
export const healthSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: z.literal('ok'),
    mode: z.enum(['local', 'hosted']),
    version: z.string(),
  }),
);

/**
 * GET /api/storage/status: whether this server's last write failed for want of disk space
 * (cleared by the next write that succeeds), and the room left in its data folder (local only).
 */
export const storageStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    disk_full_since: z.string().nullable(),
    free_bytes: z.number().nullable(),
  }),
);
export type StorageStatus = z.infer<typeof storageStatusSchema>;

export const usernameSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .min(3)
    .max(32)
    .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash and underscore only'),
);

/**
 * A mobile number (a user's, which signs in too, and the business's): typed as people write them
 * ("0712 345 678", "+254 (712) 345-678"), kept as its digits, 7 to 15, with a leading + if given.
 */
export const mobileSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .overwrite((s) => s.replace(/[\s().-]/g, ''))
    .regex(/^\+?[0-9]{7,15}$/, 'A phone number of 7 to 15 digits, optionally starting with +'),
);

/** 8 to 128 characters, not one guessed first (`guessable`: password-strength.ts). */
export const passwordSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .min(8)
    .max(128)
    .refine((p) => !isGuessablePassword(p), 'guessable'),
);
/** An email address, or nothing. */
export const optionalEmailSchema = /* @__PURE__ */ lazySchema(() =>
  z.union([z.email().max(120), z.literal('')]),
);
export const personNameSchema = /* @__PURE__ */ lazySchema(() => safeText().min(1).max(80));
/** A name on one of the admin's short lists: transfer providers, expense categories. */
export const listNameSchema = /* @__PURE__ */ lazySchema(() => safeText().min(1).max(60));
