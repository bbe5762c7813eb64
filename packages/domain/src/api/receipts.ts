import { z } from 'zod';

/** The seed spec's print job name of a receipt: `Receipt #000123`. */
export function receiptJobName(receiptNo: string): string {
  return `Receipt #${receiptNo}`;
}

/** A receipt as ESC/POS bytes for the printer helper, with its job name. */
export const escPosJobSchema = z.object({
  job_name: z.string(),
  width: z.number().int(),
  data: z.string().describe('base64 ESC/POS'),
});

/** A receipt the local server sent straight to the profile's network printer. */
export const networkPrintSchema = z.object({
  job_name: z.string(),
  printer: z.string(),
  bytes: z.number().int(),
});
