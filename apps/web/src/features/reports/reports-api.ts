import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type PROFIT_PERIODS,
  type SALES_GROUPS,
  profitReportSchema,
  salesReportSchema,
  stockReportSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';
import type { ReportRange } from './report-range';

export type ReportName = 'sales' | 'profit' | 'stock';
export type ProfitPeriodKind = (typeof PROFIT_PERIODS)[number];
export type SalesGroup = (typeof SALES_GROUPS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What every report is asked for: a range of business days and, optionally, one location. */
export interface ReportFilter extends ReportRange {
  location_id?: string | undefined;
}

function query(f: ReportFilter, extra: Record<string, string | undefined> = {}): string {
  const p = new URLSearchParams({ from: f.from, to: f.to });
  if (f.location_id) p.set('location_id', f.location_id);
  for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
  return p.toString();
}

export const reportUrl = (name: ReportName, f: ReportFilter, extra?: Record<string, string | undefined>) =>
  `/api/reports/${name}?${query(f, extra)}`;

/** The file of a report (the server answers it as an attachment, with the session cookie). */
export function exportUrl(
  name: ReportName,
  format: ExportFormat,
  f: ReportFilter,
  opts: { lang: string; group?: SalesGroup; period?: ProfitPeriodKind },
): string {
  return `/api/reports/${name}/export?${query(f, { format, lang: opts.lang, group: opts.group, period: opts.period })}`;
}

/** While a new range loads, the figures of the last one stay (dimmed), so nothing jumps. */
const common = { placeholderData: keepPreviousData } as const;

export function useSalesReport(f: ReportFilter, enabled = true) {
  return useQuery({
    ...common,
    enabled,
    queryKey: ['reports', 'sales', f],
    queryFn: ({ signal }) => api(reportUrl('sales', f), { schema: salesReportSchema, signal }),
  });
}

export function useProfitReport(f: ReportFilter, period: ProfitPeriodKind, enabled = true) {
  return useQuery({
    ...common,
    enabled,
    queryKey: ['reports', 'profit', f, period],
    queryFn: ({ signal }) => api(reportUrl('profit', f, { period }), { schema: profitReportSchema, signal }),
  });
}

export function useStockReport(f: ReportFilter, enabled = true) {
  return useQuery({
    ...common,
    enabled,
    queryKey: ['reports', 'stock', f],
    queryFn: ({ signal }) => api(reportUrl('stock', f), { schema: stockReportSchema, signal }),
  });
}
