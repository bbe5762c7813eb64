import { z } from 'zod';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

export const DEVICE_STATUSES = ['pending', 'approved', 'blocked'] as const;

/** A device id as tills send it in X-Device-Id: a MAC in uppercase hex or a generated id. */
export const deviceIdSchema = /* @__PURE__ */ lazySchema(() =>
  safeText()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9:._-]+$/, 'Letters, digits, colon, dot, dash and underscore only'),
);

export const deviceSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(DEVICE_STATUSES),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    last_user_id: z.string().nullable(),
    last_user_name: z.string().nullable(),
  }),
);
export type Device = z.infer<typeof deviceSchema>;

export const deviceUpdateSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ name: safeText().max(60), status: z.enum(DEVICE_STATUSES) }).partial(),
);
