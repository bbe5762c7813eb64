import {
  type ImportRowErrorCode,
  type ProductCsvColumn,
  PRODUCT_CSV_COLUMNS,
  UNITS,
  WHOLE_UNITS,
  isImportRowErrorCode,
} from '@duka/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';
import type { ImportResult } from './stock-api';

type RowError = ImportResult['rows'][number]['errors'][number];

/**
 * Every code a row of the CSV import can be refused with (the domain's `IMPORT_ROW_ERROR_CODES`)
 * and the key of its words: a new code in the domain fails the type check here until it has words.
 */
export const ROW_ERROR_WORDS: Record<ImportRowErrorCode, string> = {
  required: 'stock.import.rowErrors.required',
  too_long: 'stock.import.rowErrors.tooLong',
  unsafe_text: 'stock.import.rowErrors.unsafeText',
  not_an_amount: 'stock.import.rowErrors.notAnAmount',
  not_a_quantity: 'stock.import.rowErrors.notAQuantity',
  not_whole: 'stock.import.rowErrors.notWhole',
  too_large: 'stock.import.rowErrors.tooLarge',
  not_a_percentage: 'stock.import.rowErrors.notAPercentage',
  not_yes_no: 'stock.import.rowErrors.notYesNo',
  unknown_unit: 'stock.import.rowErrors.unknownUnit',
  too_many: 'stock.import.rowErrors.tooMany',
  not_a_barcode: 'stock.import.rowErrors.notABarcode',
  barcode_taken: 'stock.import.rowErrors.barcodeTaken',
  barcode_repeated: 'stock.import.rowErrors.barcodeRepeated',
  code_repeated: 'stock.import.rowErrors.codeRepeated',
  code_taken: 'stock.import.rowErrors.codeTaken',
  code_case: 'stock.import.rowErrors.codeCase',
  code_is_barcode: 'stock.import.rowErrors.codeIsBarcode',
  barcode_is_code: 'stock.import.rowErrors.barcodeIsCode',
  holds_stock: 'stock.import.rowErrors.holdsStock',
  in_count: 'stock.import.rowErrors.inCount',
  unit_in_use: 'stock.import.rowErrors.unitInUse',
  invalid: 'stock.import.rowErrors.invalid',
};
/** A barcode too long names the barcode. */
export const BARCODE_TOO_LONG = 'stock.import.rowErrors.barcodeTooLong';
/** A code this app does not know yet (a newer server's). */
export const UNKNOWN_ROW_ERROR = 'stock.import.rowErrors.invalid';

/** Each CSV column by the label the product form gives its field. */
export const COLUMN_LABELS: Record<ProductCsvColumn, string> = {
  code: 'stock.product.code',
  name: 'stock.product.name',
  barcodes: 'stock.product.barcodes',
  category: 'stock.product.category',
  unit: 'stock.product.unit',
  price: 'stock.product.price',
  buying_price: 'stock.product.buyingPrice',
  tax_rate: 'stock.product.tax',
  reorder_level: 'stock.product.reorder',
  active: 'stock.product.active',
};

const isColumn = (field: string): field is ProductCsvColumn =>
  (PRODUCT_CSV_COLUMNS as readonly string[]).includes(field);

/** An amount as the file would hold it, with the currency's decimals: 120, 120.50, 120.500. */
const amountExample = (decimals = 2) => (decimals > 0 ? `120.${'5'.padEnd(decimals, '0')}` : '120');

/** What is wrong with a row's cell, in the user's language. */
export function rowErrorWords(t: TFunction, e: RowError): string {
  if (!isImportRowErrorCode(e.code)) return t(UNKNOWN_ROW_ERROR);
  const params = {
    ...e.params,
    units: UNITS.join(', '),
    wholeUnits: WHOLE_UNITS.join(', '),
    example: amountExample(e.params?.decimals),
  };
  if (e.code === 'too_long' && e.params?.barcode !== undefined) return t(BARCODE_TOO_LONG, params);
  return t(ROW_ERROR_WORDS[e.code], params);
}

/** The column at fault: its label in the user's language, with the column's own name in the file. */
export function rowErrorField(t: TFunction, field: string): string {
  if (!field) return '';
  if (!isColumn(field)) return field;
  return t('stock.import.field', { label: t(COLUMN_LABELS[field]), column: field });
}

/** A row's error as one line: the column, then what is wrong with it. */
export function rowErrorLine(t: TFunction, e: RowError): string {
  const field = rowErrorField(t, e.field);
  const words = rowErrorWords(t, e);
  return field ? `${field}: ${words}` : words;
}

/**
 * The commit's refusal of a row (the catalogue changed since the file was checked), as the preview
 * words a row's error: "Nothing was imported. Row 5: Selling price (price): Not an amount…", from
 * the code and params the refusal names (never its English message). Null for any other failure,
 * or a refusal that names no row error (an older server's).
 */
export function rowRefusalWords(t: TFunction, err: unknown): string | null {
  if (!(err instanceof ApiError) || !err.field?.startsWith('rows.')) return null;
  const p = err.paramsOf('validation_failed');
  if (p?.row === undefined || p.column === undefined || p.row_error === undefined) return null;
  const { row, column, row_error: code, other_row: otherRow, ...named } = p;
  const params = { ...named, ...(otherRow !== undefined ? { row: otherRow } : {}) };
  const error = rowErrorLine(t, { field: column, code, params });
  return t('stock.import.refusedRow', { row, error });
}
