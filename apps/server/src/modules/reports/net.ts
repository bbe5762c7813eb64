import type { SalesSummaryDailyTable } from '../../db/tables/reporting.js';

type Figures = Pick<
  SalesSummaryDailyTable,
  | 'sales_total'
  | 'sales_tax'
  | 'sales_cost'
  | 'sales_discount'
  | 'reversals_total'
  | 'reversals_tax'
  | 'reversals_cost'
  | 'reversals_discount'
>;

/**
 * ADR 6, the one rule every report figure follows: money is net of reversals — what was sold
 * less what came back, each at the share it was sold at. Counts of sales and of reversals are
 * not netted: they are shown side by side.
 */
export function netOf(r: Figures): {
  total: number;
  tax: number;
  cost: number;
  discount: number;
  revenue: number;
} {
  const total = Number(r.sales_total) - Number(r.reversals_total);
  const tax = Number(r.sales_tax) - Number(r.reversals_tax);
  return {
    total,
    tax,
    cost: Number(r.sales_cost) - Number(r.reversals_cost),
    discount: Number(r.sales_discount) - Number(r.reversals_discount),
    /** Without the tax inside the prices. */
    revenue: total - tax,
  };
}
