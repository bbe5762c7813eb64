import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** A receipt as ESC/POS bytes for the printer helper, with its job name. */
export const escPosJobSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    job_name: z.string(),
    width: z.number().int(),
    data: z.string().describe('base64 ESC/POS'),
  }),
);

/** A receipt the local server sent straight to the profile's network printer. */
export const networkPrintSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    job_name: z.string(),
    printer: z.string(),
    bytes: z.number().int(),
  }),
);

/** The local server opened the drawer through the profile's network printer. */
export const drawerOpenedSchema = /* @__PURE__ */ lazySchema(() => z.object({ printer: z.string() }));

/**
 * Whether a cash sale's first-print drawer opening was given back (the printer helper sent nothing),
 * so the sale's next print opens the drawer.
 */
export const drawerReturnSchema = /* @__PURE__ */ lazySchema(() => z.object({ returned: z.boolean() }));
