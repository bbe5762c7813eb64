import { z } from 'zod';
import { idSchema } from './common.js';
import { daySchema, kindTotalsSchema } from './sales.js';
import { moneySchema } from './stock.js';
import { safeMultiline } from './text.js';
import { lazySchema } from '../lazy-schema.js';

export const dailyQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ location_id: idSchema, day: daySchema.optional() }),
);

/** One day's money at a location, for everyone or one cashier. */
export const dayFiguresSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    sales: kindTotalsSchema,
    reversals: kindTotalsSchema,
    /** Paid out of the drawer for expenses (net of voids). */
    cash_expenses: z.number().int(),
    transfer_expenses: z.number().int(),
    /** Debtors paying back in cash, and by transfer (net of voids; pay-outs are not in them). */
    cash_debtor_payments: z.number().int(),
    transfer_debtor_payments: z.number().int(),
    /**
     * Debtors' credit paid out of the drawer, as a positive amount (net of voids). A server before
     * it answered none: 0.
     */
    cash_debtor_payouts: z.number().int().default(0),
    /** Cash sales − cash refunds + cash debtor payments − credit paid out − cash expenses. */
    expected_cash: z.number().int(),
  }),
);
export type DayFigures = z.infer<typeof dayFiguresSchema>;

/**
 * Cash that should be in the drawer: cash sales less cash refunds, plus debtors paying in cash,
 * less their credit paid out and cash expenses.
 */
export function expectedCash(
  f: Pick<
    DayFigures,
    'sales' | 'reversals' | 'cash_debtor_payments' | 'cash_debtor_payouts' | 'cash_expenses'
  >,
): number {
  return (
    f.sales.cash.total -
    f.reversals.cash.total +
    f.cash_debtor_payments -
    f.cash_debtor_payouts -
    f.cash_expenses
  );
}

/** What closing a day records for the cash counted: counted − expected, below zero when cash is missing. */
export function drawerDifference(counted: number, expected: number): number {
  return counted - expected;
}

export const dayCloseSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    receipt_no: z.string(),
    location_id: z.string(),
    location_name: z.string(),
    day: z.string(),
    expected_cash: z.number().int(),
    counted_cash: z.number().int(),
    /** Counted − expected: negative when cash is missing. */
    difference: z.number().int(),
    note: z.string(),
    user_name: z.string(),
    created_at: z.string(),
  }),
);
export type DayClose = z.infer<typeof dayCloseSchema>;

export const dailySummarySchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    location_id: z.string(),
    location_name: z.string(),
    day: z.string(),
    totals: dayFiguresSchema,
    cashiers: z.array(dayFiguresSchema.extend({ user_id: z.string(), user_name: z.string() })),
    close: dayCloseSchema.nullable(),
  }),
);
export type DailySummary = z.infer<typeof dailySummarySchema>;

/**
 * Where a till's sales go now (issue 16): the business day at a location and, when it is already
 * closed, who closed it and when. A sale after the close still counts on that day (ADR 9).
 */
export const dayStateQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({ location_id: idSchema }),
);
export const dayStateSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    location_id: z.string(),
    day: z.string(),
    close: z.object({ receipt_no: z.string(), user_name: z.string(), created_at: z.string() }).nullable(),
  }),
);
export type DayState = z.infer<typeof dayStateSchema>;

export const dayCloseBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: idSchema,
    location_id: idSchema,
    day: daySchema,
    counted_cash: moneySchema,
    note: safeMultiline().max(500).default(''),
  }),
);
