import { z } from 'zod';
import { idSchema } from './common.js';
import { SALE_KINDS } from '../sales/kinds.js';
import { daySchema } from './sales.js';
import { MOVEMENT_KINDS } from '../stock/units.js';
import { lazySchema } from '../lazy-schema.js';

export const rangeQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    from: daySchema,
    to: daySchema,
    location_id: idSchema.optional(),
  }),
);

const int = /* @__PURE__ */ lazySchema(() => z.number().int());
const netFigures = /* @__PURE__ */ lazySchema(() => ({
  sales_count: int,
  sales_total: int,
  reversals_count: int,
  reversals_total: int,
  /** Sales less reversals. */
  net: int,
}));

export const salesReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    location_id: z.string().nullable(),
    totals: z.object({
      ...netFigures,
      /** Tax inside the net figure. */
      tax: int,
      discount: int,
      /** Net sales per sale, rounded. */
      average_sale: int,
    }),
    by_day: z.array(z.object({ day: z.string(), ...netFigures })),
    by_product: z.array(
      z.object({
        product_id: z.string(),
        name: z.string(),
        code: z.string(),
        category: z.string(),
        unit: z.string(),
        quantity: int,
        revenue: int,
        reversed_quantity: int,
        reversed_revenue: int,
        net_quantity: int,
        net: int,
      }),
    ),
    by_category: z.array(z.object({ category: z.string(), revenue: int, reversed_revenue: int, net: int })),
    by_cashier: z.array(z.object({ user_id: z.string(), name: z.string(), ...netFigures })),
    by_location: z.array(z.object({ location_id: z.string(), name: z.string(), ...netFigures })),
    by_kind: z.array(z.object({ kind: z.enum(SALE_KINDS), ...netFigures })),
  }),
);
export type SalesReport = z.infer<typeof salesReportSchema>;

export const PROFIT_PERIODS = ['day', 'week', 'month'] as const;
export const profitQuerySchema = /* @__PURE__ */ lazySchema(() =>
  rangeQuerySchema.extend({ period: z.enum(PROFIT_PERIODS).default('day') }),
);

const profitFigures = /* @__PURE__ */ lazySchema(() => ({
  /** Sales less reversals, without the tax inside them. */
  revenue: int,
  /** Cost of the goods sold at the unit costs recorded on the sale lines (less reversed). */
  cogs: int,
  gross_profit: int,
  /** Gross profit as basis points of revenue (null without revenue). */
  margin_bp: int.nullable(),
  expenses: int,
  net_profit: int,
}));
export const profitReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    location_id: z.string().nullable(),
    period: z.enum(PROFIT_PERIODS),
    totals: z.object({ ...profitFigures, tax: int }),
    periods: z.array(z.object({ start: z.string(), end: z.string(), ...profitFigures })),
  }),
);
export type ProfitReport = z.infer<typeof profitReportSchema>;

export const stockReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    location_id: z.string().nullable(),
    on_hand: z.array(
      z.object({
        product_id: z.string(),
        name: z.string(),
        code: z.string(),
        category: z.string(),
        unit: z.string(),
        location_id: z.string(),
        location_name: z.string(),
        quantity: int,
        avg_cost: int,
        price: int,
        value_cost: int,
        value_price: int,
      }),
    ),
    totals: z.object({ value_cost: int, value_price: int, products: int }),
    low_stock: z.array(
      z.object({
        product_id: z.string(),
        name: z.string(),
        code: z.string(),
        unit: z.string(),
        on_hand: int,
        reorder_level: int,
      }),
    ),
    movements: z.array(z.object({ kind: z.enum(MOVEMENT_KINDS), count: int, quantity: int, value: int })),
  }),
);
export type StockReport = z.infer<typeof stockReportSchema>;

const dayFigures = /* @__PURE__ */ lazySchema(() => z.object({ sales: int, count: int, profit: int }));
export const dashboardSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    today: z.string(),
    today_figures: dayFigures,
    yesterday_figures: dayFigures,
    /** The last 30 days, oldest first (the last 7 are the week). */
    days: z.array(z.object({ day: z.string(), sales: int, profit: int, count: int })),
    top_products: z.array(z.object({ product_id: z.string(), name: z.string(), quantity: int, net: int })),
    low_stock: z.object({
      count: int,
      items: z.array(
        z.object({
          product_id: z.string(),
          name: z.string(),
          on_hand: int,
          reorder_level: int,
          unit: z.string(),
        }),
      ),
    }),
    debtors: z.object({ owed: int, count: int, over_limit: int }),
    unconfirmed_transfers: z.object({ count: int, amount: int }),
    month: z.object({ start: z.string(), expenses: int, revenue: int, profit: int }),
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export const SALES_GROUPS = ['day', 'product', 'category', 'cashier', 'location', 'kind'] as const;
export const exportQuerySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    format: z.enum(EXPORT_FORMATS),
    from: daySchema,
    to: daySchema,
    location_id: idSchema.optional(),
    /** Sales report CSV: which grouping is the table. */
    group: z.enum(SALES_GROUPS).default('day'),
    period: z.enum(PROFIT_PERIODS).default('day'),
    lang: z.enum(['en', 'es', 'pt', 'de']).optional(),
  }),
);
