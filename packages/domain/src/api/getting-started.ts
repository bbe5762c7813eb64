import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/**
 * The steps of the owner's getting-started checklist, in the order a new shop does them.
 * Each is done when the shop's data shows it; nothing is ticked by hand.
 */
export const GETTING_STARTED_STEPS = [
  'products',
  'receive',
  'cashier',
  'printer',
  'providers',
  'sale',
] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** GET /api/getting-started (admin): which steps the session's business has done. */
export const gettingStartedSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    steps: z.array(z.object({ id: z.enum(GETTING_STARTED_STEPS), done: z.boolean() })),
  }),
);
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
