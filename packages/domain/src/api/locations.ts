import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

export const locationSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    active: z.boolean(),
    /**
     * Whether its stock counts and day closes are made on this server (ADR 11 §11.4); elsewhere
     * they are refused with `location_elsewhere`, and the owner may move its home here.
     */
    home_here: z.boolean(),
  }),
);
export type Location = z.infer<typeof locationSchema>;
