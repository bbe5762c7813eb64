import { z } from 'zod';
import { safeText } from './text.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Work in progress a user keeps on the server, so signing out (which clears local storage) or a
 * session running out loses nothing, and it follows the user to another till: the till's open
 * cart, the sales parked, and the stock screens' half-typed documents.
 */
export const WORK_DRAFT_KINDS = ['cart', 'parked', 'stock'] as const;
export type WorkDraftKind = (typeof WORK_DRAFT_KINDS)[number];

/** The most a draft's body may hold (characters of JSON): a long receipt fits many times over. */
export const WORK_DRAFT_MAX_CHARS = 200_000;
/** The most drafts one user keeps; past it a new one is refused (an old one must go first). */
export const WORK_DRAFT_MAX_PER_USER = 100;

/** A draft as the web app keeps it: any JSON object; the server stores it and never acts on it. */
const draftBody = /* @__PURE__ */ lazySchema(() => z.record(z.string(), z.unknown()));

/** PUT /api/work-drafts/:id: saves (creates or replaces) one of the caller's drafts. */
export const workDraftPutSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      kind: z.enum(WORK_DRAFT_KINDS),
      /** Which screen a stock draft belongs to (e.g. the receipt screen); a cart's is its session's (kept by the server). */
      slot: safeText().max(64).default(''),
      /** A parked sale's name, as the cashier typed it. */
      name: safeText().max(80).default(''),
      /** The draft itself, read back as it was sent. */
      body: draftBody.refine(
        (b) => JSON.stringify(b).length <= WORK_DRAFT_MAX_CHARS,
        `at most ${WORK_DRAFT_MAX_CHARS} characters of JSON`,
      ),
    })
    .strict(),
);
export type WorkDraftPut = z.infer<typeof workDraftPutSchema>;

export const workDraftSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(WORK_DRAFT_KINDS),
    slot: z.string(),
    name: z.string(),
    body: draftBody,
    updated_at: z.string(),
    /** A cart open on another till where the user is signed in now, listed as parked (never sent). */
    elsewhere: z.boolean().optional(),
  }),
);
export type WorkDraft = z.infer<typeof workDraftSchema>;

/** GET /api/work-drafts: the caller's drafts, newest first. */
export const workDraftListSchema = /* @__PURE__ */ lazySchema(() => z.array(workDraftSchema));
