import { dateTimeFormat, type exportQuerySchema } from '@duka/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/tables.js';
import type { ContextBusiness } from '../../../lib/context.js';
import { documentT } from '../../../lib/documents-i18n.js';
import { profitReport } from '../profit-report.js';
import { salesReport } from '../sales-report.js';
import { stockReport } from '../stock-report.js';
import { AppError } from '../../../lib/errors.js';
import { toCsv } from './csv.js';
import {
  type ExportDocument,
  type ExportTable,
  profitTables,
  salesTables,
  stockTables,
} from './export-tables.js';
import { toPdf } from './pdf.js';
import { toXlsx } from './xlsx.js';

export type ReportName = 'sales' | 'profit' | 'stock';
/** The request's query, with the locations the reader may see (null = all). */
type Query = z.output<typeof exportQuerySchema> & { location_ids?: string[] | null };

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/**
 * Refuses a report whose figures are past what a number holds exactly (2^53: a sum over absurd
 * stock or prices), as its screen's answer is (`amount_too_large`): a file never carries a figure
 * rounded by the arithmetic.
 */
function assertExact(tables: ExportTable[]): void {
  for (const table of tables)
    for (const row of [...table.rows, ...(table.totals ? [table.totals] : [])])
      for (const v of Object.values(row))
        if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v))
          throw new AppError('amount_too_large', 'An amount in the report is too large to show exactly');
}

/** A report as a file: CSV (one table), XLSX (every table a sheet) or PDF (every table). */
export async function exportReport(
  db: Kysely<Database>,
  business: ContextBusiness,
  report: ReportName,
  q: Query,
  now: Date,
): Promise<{ body: Buffer | string; contentType: string; fileName: string }> {
  const lang = q.lang ?? business.language;
  const t = documentT(lang);
  const f = { from: q.from, to: q.to, location_id: q.location_id, location_ids: q.location_ids };
  const tables =
    report === 'sales'
      ? salesTables(await salesReport(db, business.id, f), t)
      : report === 'profit'
        ? profitTables(await profitReport(db, business, { ...f, period: q.period }), t)
        : stockTables(await stockReport(db, business, f), t);
  assertExact(tables);
  const location = q.location_id
    ? ((
        await db
          .selectFrom('locations')
          .select('name')
          .where('id', '=', q.location_id)
          .where('business_id', '=', business.id)
          .executeTakeFirst()
      )?.name ?? '')
    : t('report.allLocations');
  const dayFmt = dateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (d: string) => dayFmt.format(new Date(`${d}T00:00:00Z`));
  const doc: ExportDocument = {
    title: t(`report.${report}`),
    business: business.name,
    range: q.from === q.to ? day(q.from) : `${day(q.from)} – ${day(q.to)}`,
    location,
    made: dateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: business.timezone,
    }).format(now),
    language: (['en', 'es', 'pt', 'de'] as const).find((l) => l === lang) ?? 'en',
    currency: business.currency,
    tables,
  };
  const labels = { business: t('report.business'), range: t('report.range'), made: t('report.made') };
  const slug =
    business.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'duka';
  const base = `${slug}-${report}-${q.from}-to-${q.to}`;
  if (q.format === 'csv') {
    const id = report === 'sales' ? q.group : tables[0]!.id;
    const table = tables.find((x) => x.id === id) ?? tables[0]!;
    return {
      body: toCsv(doc, table, labels),
      contentType: CONTENT_TYPES.csv,
      fileName: `${base}-${table.id}.csv`,
    };
  }
  if (q.format === 'xlsx')
    return { body: await toXlsx(doc, labels), contentType: CONTENT_TYPES.xlsx, fileName: `${base}.xlsx` };
  const pdf = await toPdf(doc, {
    page: (p, n) => t('document.page', { page: p, pages: n }),
    none: t('report.none'),
  });
  return { body: pdf, contentType: CONTENT_TYPES.pdf, fileName: `${base}.pdf` };
}
