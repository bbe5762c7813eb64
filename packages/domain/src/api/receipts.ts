import type { Access } from '../permissions.js';
import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** The seed spec's print job name of a receipt: `Receipt #000123`. */
export function receiptJobName(receiptNo: string): string {
  return `Receipt #${receiptNo}`;
}

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

/** The job name of the explicit "open drawer" action, printed through the helper. */
export const DRAWER_JOB_NAME = 'Cash drawer';

/** ESC p 0 25 250: pulse the cash drawer on pin 2 (50 ms on, 500 ms off). */
export const DRAWER_KICK: readonly number[] = [0x1b, 0x70, 0x00, 0x19, 0xfa];

/**
 * Who may open the cash drawer on demand (the till's "Open drawer"): whoever takes cash, i.e. may
 * make cash sales; admins always. A cash sale's first print opens it for its seller anyway.
 */
export const OPEN_DRAWER_ACCESS = { kind: 'flag', flag: 'sell_cash' } as const satisfies Access;

/** The local server opened the drawer through the profile's network printer. */
export const drawerOpenedSchema = /* @__PURE__ */ lazySchema(() => z.object({ printer: z.string() }));
