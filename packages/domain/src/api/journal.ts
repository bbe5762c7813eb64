import { z } from 'zod';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

export const journalEntrySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    seq: z.number().int(),
    doc_type: z.string(),
    doc_id: z.string(),
    action: z.string(),
    user_id: z.string().nullable(),
    user_name: z.string().nullable(),
    device_id: z.string().nullable(),
    /** The name the admin gave the device, when it has one. */
    device_name: z.string().nullable().default(null),
    /** Whom or what the entry is about, for a user's or a device's entries (its name, or a device's id). */
    subject_name: z.string().nullable().default(null),
    created_at: z.string(),
    detail: z.record(z.string(), z.unknown()).nullable(),
  }),
);
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * The journal is read newest first by the time each entry was made, its `seq` breaking ties; the
 * next page starts before the last entry read: its `created_at` as `before_time` and its `seq` as
 * `before_seq`, given together.
 */
export const journalQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      user_id: safeText().max(64).optional(),
      device_id: safeText().max(64).optional(),
      action: safeText().max(64).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      before_time: z.iso.datetime().optional(),
      before_seq: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    })
    .refine((q) => (q.before_time === undefined) === (q.before_seq === undefined), {
      path: ['before_seq'],
      message: 'before_time and before_seq are given together',
    }),
);
