import type { Access } from '../permissions.js';

// A receipt's print job and the cash drawer's, without schemas (api/receipts.ts has those): the
// till's start reads these, and zod is not part of its first load (issue 21).

/** The seed spec's print job name of a receipt: `Receipt #000123`. */
export function receiptJobName(receiptNo: string): string {
  return `Receipt #${receiptNo}`;
}

/** The job name of the explicit "open drawer" action, printed through the helper. */
export const DRAWER_JOB_NAME = 'Cash drawer';

/** ESC p 0 25 250: pulse the cash drawer on pin 2 (50 ms on, 500 ms off). */
export const DRAWER_KICK: readonly number[] = [0x1b, 0x70, 0x00, 0x19, 0xfa];

/**
 * Who may open the cash drawer on demand (the till's "Open drawer"): whoever takes cash, i.e. may
 * make cash sales; admins always. A cash sale's first print opens it for its seller anyway.
 */
export const OPEN_DRAWER_ACCESS = { kind: 'flag', flag: 'sell_cash' } as const satisfies Access;

/** A refund in cash is paid out by whoever may reverse cash sales. */
const CASH_REFUND_DRAWER_ACCESS = {
  kind: 'anyFlag',
  flags: ['sell_cash', 'reversing_cash'],
} as const satisfies Access;

/**
 * Who gets a cash receipt's first print with the drawer's pulse, by the receipt's type: whoever
 * handles that cash. A sale's, whoever may open the drawer; a refund's, also whoever may reverse
 * cash sales (they pay it out). A debtor's payment: whoever may open the drawer, and the server
 * gives it to the user who recorded the payment too (every user may record one; not this rule).
 * A reprint never opens it, whoever prints it.
 */
export function firstPrintDrawerAccess(type: string): Access {
  return type === 'reversal' ? CASH_REFUND_DRAWER_ACCESS : OPEN_DRAWER_ACCESS;
}
