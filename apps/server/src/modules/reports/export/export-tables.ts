import { type Language, type ProfitReport, type SalesReport, type StockReport } from '@duka/domain';
import type { TFunction } from 'i18next';

/** How a column's values are written: money and quantities stay numbers until the last step. */
export type ColumnKind = 'text' | 'money' | 'quantity' | 'count' | 'percent';

export interface ExportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export interface ExportTable {
  /** The section key: also the sheet name's source and the CSV grouping. */
  id: string;
  title: string;
  columns: ExportColumn[];
  rows: Record<string, string | number | null>[];
  /**
   * The totals row the screen shows under the table (its first column says "Total"); only the
   * columns that add up have a figure.
   */
  totals?: Record<string, string | number | null>;
  /** A row's cells written as another kind than their column's (a count among the totals' money). */
  cellKinds?: Partial<Record<string, ColumnKind>>[];
}

/** How row `i`'s cell of `column` is written (the totals row after the rows takes its column's). */
export const kindAt = (table: ExportTable, i: number, column: ExportColumn): ColumnKind =>
  table.cellKinds?.[i]?.[column.key] ?? column.kind;

/** The sum of one column of rows (money, counts: integers). */
const sum = (rows: Record<string, unknown>[], key: string) =>
  rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

/** A totals row: "Total" in the first column, the sum of each column named. */
function totalsOf(
  t: TFunction,
  columns: ExportColumn[],
  rows: Record<string, unknown>[],
  keys: string[],
): Record<string, string | number | null> {
  return {
    [columns[0]!.key]: t('report.total'),
    ...Object.fromEntries(keys.map((k) => [k, sum(rows, k)])),
  };
}

export interface ExportDocument {
  title: string;
  business: string;
  range: string;
  location: string;
  made: string;
  language: Language;
  currency: string;
  tables: ExportTable[];
}

const col = (t: TFunction, key: string, kind: ColumnKind, label = key): ExportColumn => ({
  key,
  kind,
  label: t(`report.col.${label}`),
});

/** The sales report's totals, one figure a row (the KPI cards of its screen). */
function totalsTable(r: SalesReport, t: TFunction): ExportTable {
  const figures = (list: [string, number, ColumnKind][]) =>
    list.map(([label, amount, kind]) => ({ figure: t(`report.col.${label}`), amount, kind }));
  const totalRows = figures([
    ['salesCount', r.totals.sales_count, 'count'],
    ['salesTotal', r.totals.sales_total, 'money'],
    ['reversalsCount', r.totals.reversals_count, 'count'],
    ['reversalsTotal', r.totals.reversals_total, 'money'],
    ['net', r.totals.net, 'money'],
    ['tax', r.totals.tax, 'money'],
    ['discount', r.totals.discount, 'money'],
    ['averageSale', r.totals.average_sale, 'money'],
  ]);
  return {
    id: 'totals',
    title: t('report.section.totals'),
    columns: [col(t, 'figure', 'text'), col(t, 'amount', 'money')],
    rows: totalRows.map((x) => ({ figure: x.figure, amount: x.amount })),
    // a count in the money column is written as a count, grouped as the language does
    cellKinds: totalRows.map((x) => (x.kind === 'count' ? { amount: 'count' } : {})),
  };
}

export function salesTables(r: SalesReport, t: TFunction): ExportTable[] {
  const net = [
    col(t, 'sales_count', 'count', 'salesCount'),
    col(t, 'sales_total', 'money', 'salesTotal'),
    col(t, 'reversals_count', 'count', 'reversalsCount'),
    col(t, 'reversals_total', 'money', 'reversalsTotal'),
    col(t, 'net', 'money'),
  ];
  const netKeys = net.map((c) => c.key);
  const netTable = (
    id: string,
    title: string,
    first: ExportColumn,
    rows: Record<string, string | number | null>[],
  ): ExportTable => {
    const columns = [first, ...net];
    return { id, title, columns, rows, totals: totalsOf(t, columns, rows, netKeys) };
  };
  const money = ['revenue', 'reversed_revenue', 'net'];
  return [
    totalsTable(r, t),
    netTable('day', t('report.section.day'), col(t, 'day', 'text'), r.by_day),
    withTotals(
      {
        id: 'product',
        title: t('report.section.product'),
        columns: [
          col(t, 'name', 'text', 'product'),
          col(t, 'code', 'text'),
          col(t, 'category', 'text'),
          col(t, 'quantity', 'quantity'),
          col(t, 'revenue', 'money'),
          col(t, 'reversed_quantity', 'quantity', 'reversedQuantity'),
          col(t, 'reversed_revenue', 'money', 'reversed'),
          col(t, 'net', 'money'),
        ],
        rows: r.by_product,
      },
      money,
    ),
    withTotals(
      {
        id: 'category',
        title: t('report.section.category'),
        columns: [
          col(t, 'category', 'text'),
          col(t, 'revenue', 'money'),
          col(t, 'reversed_revenue', 'money', 'reversed'),
          col(t, 'net', 'money'),
        ],
        rows: r.by_category.map((c) => ({ ...c, category: c.category || t('report.noCategory') })),
      },
      money,
    ),
    netTable('cashier', t('report.section.cashier'), col(t, 'name', 'text', 'cashier'), r.by_cashier),
    netTable('location', t('report.section.location'), col(t, 'name', 'text', 'location'), r.by_location),
    netTable(
      'kind',
      t('report.section.kind'),
      col(t, 'kind', 'text'),
      r.by_kind.map((k) => ({ ...k, kind: t(`report.kind.${k.kind}`) })),
    ),
  ];
  function withTotals(table: ExportTable, keys: string[]): ExportTable {
    return { ...table, totals: totalsOf(t, table.columns, table.rows, keys) };
  }
}

/** Basis points as a percentage number with two decimals (2534 → 25.34). */
const percent = (bp: number | null) => (bp === null ? null : bp / 100);

export function profitTables(r: ProfitReport, t: TFunction): ExportTable[] {
  const columns = [
    col(t, 'revenue', 'money'),
    col(t, 'cogs', 'money'),
    col(t, 'gross_profit', 'money', 'grossProfit'),
    col(t, 'margin', 'percent'),
    col(t, 'expenses', 'money'),
    col(t, 'net_profit', 'money', 'netProfit'),
  ];
  return [
    {
      id: 'periods',
      title: t('report.section.periods'),
      columns: [col(t, 'start', 'text'), col(t, 'end', 'text'), ...columns],
      rows: r.periods.map((p) => ({ ...p, margin: percent(p.margin_bp) })),
      totals: { start: t('report.total'), end: '', ...r.totals, margin: percent(r.totals.margin_bp) },
    },
  ];
}

export function stockTables(r: StockReport, t: TFunction): ExportTable[] {
  return [
    {
      id: 'on_hand',
      title: t('report.section.onHand'),
      columns: [
        col(t, 'name', 'text', 'product'),
        col(t, 'code', 'text'),
        col(t, 'category', 'text'),
        col(t, 'location_name', 'text', 'location'),
        col(t, 'quantity', 'quantity', 'onHand'),
        col(t, 'avg_cost', 'money', 'avgCost'),
        col(t, 'price', 'money'),
        col(t, 'value_cost', 'money', 'valueCost'),
        col(t, 'value_price', 'money', 'valuePrice'),
      ],
      rows: r.on_hand,
      totals: { name: t('report.total'), value_cost: r.totals.value_cost, value_price: r.totals.value_price },
    },
    {
      id: 'low_stock',
      title: t('report.section.lowStock'),
      columns: [
        col(t, 'name', 'text', 'product'),
        col(t, 'code', 'text'),
        col(t, 'on_hand', 'quantity', 'onHand'),
        col(t, 'reorder_level', 'quantity', 'reorderLevel'),
      ],
      rows: r.low_stock,
    },
    {
      id: 'movements',
      title: t('report.section.movements'),
      columns: [
        col(t, 'kind', 'text', 'movement'),
        col(t, 'count', 'count'),
        col(t, 'quantity', 'quantity'),
        col(t, 'value', 'money'),
      ],
      rows: r.movements.map((m) => ({ ...m, kind: t(`report.movement.${m.kind}`) })),
      totals: { kind: t('report.total'), count: sum(r.movements, 'count') },
    },
  ];
}
