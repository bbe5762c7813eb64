import { z } from 'zod';
import { ALL_FLAGS } from '../permissions.js';
import { passwordSchema } from './common.js';
import { safeText } from './text.js';
import { businessPublicSchema } from './business.js';
import { lazySchema } from '../lazy-schema.js';

export const loginBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    login: safeText().min(1).max(64).describe('Mobile number or username'),
    password: z.string().min(1).max(128),
  }),
);
export type LoginBody = z.input<typeof loginBodySchema>;

const bit = /* @__PURE__ */ lazySchema(() => z.union([z.literal(0), z.literal(1)]));

export const userRolesSchema = /* @__PURE__ */ lazySchema(() =>
  z.object(
    Object.fromEntries(ALL_FLAGS.map((f) => [f, bit])) as Record<(typeof ALL_FLAGS)[number], typeof bit>,
  ),
);

/** The seed spec's session data (§3): user token fields, shop details, user roles, stock taking. */
export const sessionDataSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    user: z.object({
      uid: z.string(),
      nm: z.string(),
      img: z.string().describe('Profile image file name; profile.png when none'),
      role: z.string(),
      username: z.string(),
      home_location_id: z.string().nullable(),
      location_ids: z.array(z.string()),
    }),
    shop_details: z.object({
      name: z.string(),
      online_offline: z.union([z.literal('0'), z.literal('1')]),
    }),
    user_roles: userRolesSchema,
    stock_taking: z.object({
      open_counts: z.array(
        z.object({
          id: z.string(),
          location_id: z.string(),
          freeze_sales: z.boolean(),
          started_at: z.string(),
        }),
      ),
      frozen_location_ids: z.array(z.string()).describe('Locations where an open count pauses sales'),
    }),
    business: businessPublicSchema,
    mode: z.enum(['local', 'hosted']),
    device_id: z.string().nullable(),
    /**
     * Hosted only: a shop's local server keeps this business and pushes to this copy (ADR 11), so
     * here it is read-only: reports, dashboard and statements work; selling and editing happen at the shop.
     */
    synced_from_shop: z.boolean(),
  }),
);
export type SessionData = z.infer<typeof sessionDataSchema>;

export const changePasswordBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    current_password: z.string().min(1).max(128),
    new_password: passwordSchema,
  }),
);

/** Signing out on other devices: how many of the user's other sessions on this server it ended. */
export const endedSessionsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ ended: z.number().int().min(0).describe('Sessions ended: 0 when none was open') }),
);
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/**
 * One of the signed-in user's live sessions in its business (GET /api/auth/sessions): where it
 * was opened and when; named by its id only (never its token).
 */
export const ownSessionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    device_name: z
      .string()
      .nullable()
      .describe("The name an admin gave the session's device; null: no device, or one not named yet"),
    ip: z.string().nullable().describe('The address it signed in from'),
    created_at: z.string().describe('When it signed in'),
    last_seen_at: z.string().describe('Its last request (moved at most once a minute)'),
    expires_at: z.string(),
    current: z.boolean().describe('The session asking'),
  }),
);
export type OwnSession = z.infer<typeof ownSessionSchema>;

/** Flags as a client sends them: any subset, unknown names refused. */
export const userRolesInputSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject(
      Object.fromEntries(ALL_FLAGS.map((f) => [f, bit])) as Record<(typeof ALL_FLAGS)[number], typeof bit>,
    )
    .partial(),
);
