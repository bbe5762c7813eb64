import type { ImportRowErrorCode, ImportRowErrorParams } from '@duka/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';

/** One error of an import's row: its CSV column, its code (never a sentence) and what the code names. */
export interface ImportRowError {
  field: string;
  code: ImportRowErrorCode;
  params?: ImportRowErrorParams;
}

/** A row's errors, each said once (a barcode the schema refuses twice, unsafe and unprintable). */
export class RowErrors {
  readonly list: ImportRowError[] = [];
  private readonly seen = new Set<string>();

  add(field: string, code: ImportRowErrorCode, params?: ImportRowErrorParams): void {
    const key = `${field}\u0000${code}\u0000${JSON.stringify(params ?? {})}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(params ? { field, code, params } : { field, code });
  }
}

const limit = (n: number | bigint) => Number(n);

/**
 * What a zod issue of a row's product (`productInputSchema`) means, as a code by the issue's kind
 * and field: zod's own text is English and never reaches the user.
 */
export function issueError(issue: z.core.$ZodIssue, barcodes: readonly string[]): ImportRowError {
  const field = String(issue.path[0] ?? '');
  if (field === 'tax_rate') return { field, code: 'not_a_percentage' };
  if (field === 'unit') return { field, code: 'unknown_unit' };
  if (field === 'barcodes' && issue.path.length > 1) {
    const barcode = barcodes[Number(issue.path[1])] ?? '';
    return issue.code === 'too_big'
      ? { field, code: 'too_long', params: { max: limit(issue.maximum), barcode } }
      : { field, code: 'not_a_barcode', params: { barcode } };
  }
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? { field, code: 'required' } : { field, code: 'invalid' };
    case 'too_big':
      if (issue.origin === 'string')
        return { field, code: 'too_long', params: { max: limit(issue.maximum) } };
      if (issue.origin === 'array') return { field, code: 'too_many', params: { max: limit(issue.maximum) } };
      return { field, code: 'too_large' };
    case 'invalid_format':
      return { field, code: 'unsafe_text' };
    default:
      return { field, code: 'invalid' };
  }
}

/**
 * The commit's refusal of a file whose row `row` has the error `e` (the catalogue changed since
 * the file was checked): the row's error as the refusal's params, by its code, for the web to word
 * as the preview does; the English message is for other callers of the API.
 */
export function rowRefusal(row: number, e: ImportRowError): AppError<'validation_failed'> {
  const { max, decimals, barcode, row: otherRow } = e.params ?? {};
  return new AppError(
    'validation_failed',
    `Row ${row}: ${e.field}: ${e.code}`,
    `rows.${row}.${e.field}`,
    {},
    {
      row,
      column: e.field,
      row_error: e.code,
      ...(max !== undefined ? { max } : {}),
      ...(decimals !== undefined ? { decimals } : {}),
      ...(barcode !== undefined ? { barcode } : {}),
      ...(otherRow !== undefined ? { other_row: otherRow } : {}),
    },
  );
}
