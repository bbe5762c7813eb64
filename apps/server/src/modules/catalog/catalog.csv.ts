import {
  type ErrorParams,
  PRODUCT_CSV_COLUMNS,
  type ProductImportResult,
  currencyMinorDigits,
  productInputSchema,
  quantityFitsUnit,
  UNITS,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { toCsvRows, unescapeCsvCell } from '../../lib/csv.js';
import type { Actor } from '../../lib/context.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import type { Database, ProductRow } from '../../db/tables.js';
import { RowErrors, issueError, rowRefusal } from './import-row-errors.js';
import { toProducts } from './catalog.repository.js';
import { hasMoved, holdsStock, inOpenCount } from './catalog.service.js';
import { type ImportWrite, changes, writeImport } from './import-write.js';
import { cellMoney, cellQuantity } from './csv-number.js';

/** The CSV columns, in export order. Prices in major units, tax in percent, levels as quantities. */
export const CSV_COLUMNS = PRODUCT_CSV_COLUMNS;
export const MAX_IMPORT_ROWS = 20_000;

/** One row of an import as the preview shows it (the API's `productImportResultSchema`). */
export type ImportRow = ProductImportResult['rows'][number];

const TRUE = new Set(['', '1', 'yes', 'true', 'y', 'active']);
const FALSE = new Set(['0', 'no', 'false', 'n', 'inactive']);

function percentToBasisPoints(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + (m[2] ? Number(m[2].padEnd(2, '0')) : 0);
}

/**
 * Parses the CSV; a wrong set of columns, too many rows, a broken row or text that was not UTF-8
 * refuse it whole. A U+FFFD is what a file in another encoding (Excel's "CSV (Comma delimited)"
 * is Windows-1252) decoded as UTF-8 leaves where "é" was: its rows would be stored with the
 * letter lost.
 */
function parseRows(csv: string): Record<string, string>[] {
  const refuse = (message: string, params: ErrorParams<'csv_refused'>) =>
    new AppError('csv_refused', message, 'csv', {}, params);
  // a workbook (.xlsx, .ods: a zip; .xls: an OLE file) picked instead of its CSV, read as text
  if (csv.startsWith('PK\u0003\u0004') || csv.startsWith('\u00D0\u00CF\u0011\u00E0'))
    throw refuse('The file is a spreadsheet, not a CSV: save it as "CSV UTF-8"', { reason: 'spreadsheet' });
  if (csv.includes('\uFFFD'))
    throw refuse('The file is not UTF-8: save it as "CSV UTF-8"', { reason: 'not_utf8' });
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const header = parsed.meta.fields ?? [];
  // nothing, blank lines or a header alone: no product to import
  if (parsed.data.length === 0) throw refuse('The file has no product rows', { reason: 'empty' });
  const missing = ['code', 'name', 'price'].filter((c) => !header.includes(c));
  if (missing.length)
    throw refuse(`The CSV needs the columns ${missing.join(', ')}`, {
      reason: 'missing_columns',
      columns: missing.join(', '),
    });
  const unknown = header.filter((h) => !(CSV_COLUMNS as readonly string[]).includes(h));
  if (unknown.length)
    throw refuse(`Unknown column: ${unknown.join(', ')}`, {
      reason: 'unknown_columns',
      columns: unknown.join(', '),
    });
  if (parsed.data.length > MAX_IMPORT_ROWS)
    throw refuse(`At most ${MAX_IMPORT_ROWS} rows at once`, {
      reason: 'too_many_rows',
      max: MAX_IMPORT_ROWS,
    });
  const badShape = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (badShape)
    throw refuse(`Row ${(badShape.row ?? 0) + 2}: ${badShape.message}`, {
      reason: 'broken_row',
      row: (badShape.row ?? 0) + 2,
    });
  return parsed.data;
}

/**
 * The business's products by code (their rows and barcodes, to tell a row that changes nothing),
 * the codes of its deleted products (still taken: no other product may have them) and the
 * product each barcode already belongs to.
 */
async function knownCodesAndBarcodes(
  db: Kysely<Database> | Trx,
  businessId: string,
  cells: ReturnType<typeof checkFile>,
) {
  const existing = await db
    .selectFrom('products')
    .selectAll()
    .where('business_id', '=', businessId)
    .execute();
  const byCode = new Map(existing.filter((p) => p.deleted_at === null).map((p) => [p.code, p]));
  const deletedCodes = new Set(existing.filter((p) => p.deleted_at !== null).map((p) => p.code));
  // every code in lower case, as it is written: a new code in another case is another product's
  const codesFolded = new Map(existing.map((p) => [p.code.toLowerCase(), p.code]));
  const barcodeOwners = new Map<string, string>();
  const barcodesOf = new Map<string, { barcode: string }[]>();
  for (const b of await db
    .selectFrom('product_barcodes')
    .select(['barcode', 'product_id'])
    .where('business_id', '=', businessId)
    .execute()) {
    barcodeOwners.set(b.barcode, b.product_id);
    const list = barcodesOf.get(b.product_id) ?? [];
    list.push(b);
    barcodesOf.set(b.product_id, list);
  }
  for (const list of barcodesOf.values()) list.sort((a, b) => (a.barcode < b.barcode ? -1 : 1));
  // the active products the file deactivates that some location holds stock of (not deactivated)
  const deactivated = cells.flatMap((c) => {
    const p = c.checked.success && c.checked.data.active === false ? byCode.get(c.checked.data.code) : null;
    return p && Number(p.active) === 1 ? [p.id] : [];
  });
  const held = deactivated.length ? await holdsStock(db, businessId, deactivated) : new Set<string>();
  // and those an open count has counted: its finalise would stock them (product_in_count)
  const counted = deactivated.length ? await inOpenCount(db, businessId, deactivated) : new Set<string>();
  // the products the file gives another unit that have stock or a history in theirs (unit_in_use)
  const reunited = cells.flatMap((c) => {
    const p = c.checked.success && 'unit' in c.raw ? byCode.get(c.checked.data.code) : null;
    return p && c.checked.success && c.checked.data.unit !== p.unit ? [p.id] : [];
  });
  const moved = reunited.length ? await hasMoved(db, businessId, reunited) : new Set<string>();
  return { byCode, deletedCodes, codesFolded, barcodeOwners, barcodesOf, held, counted, moved };
}

/** One row on its own: the product it describes and what is wrong with its cells. */
function checkCells(raw: Record<string, string>, digits: number) {
  const errors = new RowErrors();
  const cell = (k: string) => unescapeCsvCell((raw[k] ?? '').trim());
  const price = cellMoney(cell('price'), digits);
  if (price === null || price < 0) errors.add('price', 'not_an_amount', { decimals: digits });
  const buying = cell('buying_price') === '' ? 0 : cellMoney(cell('buying_price'), digits);
  if (buying === null || buying < 0) errors.add('buying_price', 'not_an_amount', { decimals: digits });
  const tax = cell('tax_rate') === '' ? 0 : percentToBasisPoints(cell('tax_rate'));
  if (tax === null || tax > 10_000) errors.add('tax_rate', 'not_a_percentage');
  const reorder = cell('reorder_level') === '' ? 0 : cellQuantity(cell('reorder_level'));
  if (reorder === null || reorder < 0) errors.add('reorder_level', 'not_a_quantity', { decimals: 3 });
  const activeText = cell('active').toLowerCase();
  if (!TRUE.has(activeText) && !FALSE.has(activeText)) errors.add('active', 'not_yes_no');
  // the units are stored in lower case; a spreadsheet's "KG" or "Each" is the same unit
  const unit = cell('unit').toLowerCase() || 'each';
  if (!(UNITS as readonly string[]).includes(unit)) errors.add('unit', 'unknown_unit');
  const barcodes = cell('barcodes')
    .split('|')
    .map((b) => b.trim())
    .filter(Boolean);
  const candidate = {
    name: cell('name'),
    code: cell('code'),
    barcodes,
    category: cell('category'),
    unit,
    price: price ?? 0,
    buying_price: buying ?? 0,
    tax_rate: tax ?? 0,
    reorder_level: reorder ?? 0,
    active: !FALSE.has(activeText),
  };
  const checked = productInputSchema.safeParse(candidate);
  if (!checked.success) {
    // a cell refused above is not refused again by the schema (an unknown unit)
    const refused = new Set(errors.list.map((e) => e.field));
    for (const issue of checked.error.issues) {
      const e = issueError(issue, barcodes);
      if (!refused.has(e.field)) errors.add(e.field, e.code, e.params);
    }
  }
  return { candidate, checked, errors };
}

type ProductFields = ReturnType<typeof productInputSchema.parse>;
type ImportInput = Partial<ProductFields>;

/**
 * What a row changes of a known product: the fields whose column the file has. A column left out
 * leaves the field alone; its default (no barcodes, no tax, each, active, no photo) reset every
 * product a file without it named: an exported file imported again lost every photo.
 */
function presentIn(raw: Record<string, string>, data: ProductFields): ImportInput {
  const patch: ImportInput = {};
  // each column is the field of its name (the image is never one: a photo is kept)
  for (const field of CSV_COLUMNS) if (field in raw) Object.assign(patch, { [field]: data[field] });
  return patch;
}

/**
 * Whether the row gives a product counted in whole pieces a reorder level with a fraction (0.5
 * "pair"): a new product's level, or a known one's whose level or unit the row changes (a level
 * kept from before the rule stays while neither changes, as the product form's).
 */
function reorderNotWhole(data: ProductFields, known: ProductRow | undefined, patch: ImportInput | null) {
  if (!known) return !quantityFitsUnit(data.reorder_level, data.unit);
  const unit = patch?.unit ?? known.unit;
  const level = patch?.reorder_level ?? Number(known.reorder_level);
  if (level === Number(known.reorder_level) && unit === known.unit) return false;
  return !quantityFitsUnit(level, unit);
}

/** Every row's cells checked on their own (no database read): what `compare` starts from. */
function checkFile(csv: string, currency: string) {
  const digits = currencyMinorDigits(currency);
  return parseRows(csv).map((raw) => ({ raw, ...checkCells(raw, digits) }));
}

/**
 * The checked rows against the catalogue as it is (`knownCodesAndBarcodes`) and one another: each
 * row's action and errors, and what a commit writes. Row numbers count the header as row 1.
 */
function compare(
  cells: ReturnType<typeof checkFile>,
  {
    byCode,
    deletedCodes,
    codesFolded,
    barcodeOwners,
    barcodesOf,
    held,
    counted,
    moved,
  }: Awaited<ReturnType<typeof knownCodesAndBarcodes>>,
) {
  const seenCodes = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  /** The first code of the file in each case-folded form. */
  const seenFolded = new Map<string, string>();
  const rows: ImportRow[] = [];
  const inputs: ImportWrite[] = [];
  cells.forEach(({ raw, candidate, checked, errors }, i) => {
    const rowNo = i + 2;
    // As the product will be written (the schema's NFC, trimmed): "CAFE\u0301" from a Mac tool is
    // the stored "CAFÉ", not a new product whose write is then refused as a taken code.
    const code = checked.success ? checked.data.code : candidate.code;
    const known = byCode.get(code);
    const id = known?.id ?? null;
    const earlier = seenCodes.get(code);
    if (code && earlier) errors.add('code', 'code_repeated', { row: earlier });
    if (code && !id && deletedCodes.has(code)) errors.add('code', 'code_taken');
    else if (code && !id) {
      // a new code: not another's in another case, nor another's barcode (product-unique.ts),
      // in the catalogue or in an earlier row of the file
      const folded = codesFolded.get(code.toLowerCase()) ?? seenFolded.get(code.toLowerCase());
      if (folded !== undefined && folded !== code) errors.add('code', 'code_case', { code: folded });
      if (barcodeOwners.has(code) || seenBarcodes.has(code)) errors.add('code', 'code_is_barcode');
    }
    seenCodes.set(code, rowNo);
    if (code && !seenFolded.has(code.toLowerCase())) seenFolded.set(code.toLowerCase(), code);
    for (const b of checked.success ? checked.data.barcodes : candidate.barcodes) {
      const owner = barcodeOwners.get(b);
      if (owner && owner !== id) errors.add('barcodes', 'barcode_taken', { barcode: b });
      // a barcode the product has not yet that is another product's code (an earlier row's too:
      // the till's search finds a barcode first, and "XX2" typed would add the other product)
      const coded = owner === undefined ? byCode.get(b) : undefined;
      const codedInFile = b !== code && seenCodes.has(b);
      if ((coded && coded.id !== id) || codedInFile)
        errors.add('barcodes', 'barcode_is_code', { barcode: b });
      const before = seenBarcodes.get(b);
      if (before) errors.add('barcodes', 'barcode_repeated', { barcode: b, row: before });
      seenBarcodes.set(b, rowNo);
    }
    if (id && held.has(id) && checked.success && checked.data.active === false)
      errors.add('active', 'holds_stock');
    else if (id && counted.has(id) && checked.success && checked.data.active === false)
      errors.add('active', 'in_count');
    const patch = known && checked.success ? presentIn(raw, checked.data) : null;
    if (known && patch?.unit !== undefined && patch.unit !== known.unit && moved.has(known.id))
      errors.add('unit', 'unit_in_use');
    if (checked.success && reorderNotWhole(checked.data, known, patch))
      errors.add('reorder_level', 'not_whole');
    const same = known && patch && !changes(known, barcodesOf.get(known.id) ?? [], patch);
    rows.push({
      row: rowNo,
      code,
      name: candidate.name,
      action: !known ? 'create' : same ? 'unchanged' : 'update',
      errors: errors.list,
    });
    // a row that changes nothing writes nothing (no journal entry, nothing to sync)
    if (checked.success && errors.list.length === 0 && !same)
      inputs.push(known && patch ? { id: known.id, input: patch } : { id: null, input: checked.data });
  });
  return { rows, inputs, valid: rows.every((r) => r.errors.length === 0) };
}

/** Parses and checks every row; nothing is written. */
export async function previewImport(db: Db, businessId: string, currency: string, csv: string) {
  const cells = checkFile(csv, currency);
  return compare(cells, await knownCodesAndBarcodes(db.kysely, businessId, cells));
}

/**
 * Writes every row or none: new codes are created, known codes updated. The cells are checked
 * before the business's lock is taken; the catalogue is read and the rows compared with it under
 * the lock, so no write of another request comes between the check and the import's own.
 */
export async function commitImport(db: Db, actor: Actor, currency: string, csv: string) {
  const cells = checkFile(csv, currency);
  return db.kysely.transaction().execute(async (trx) => {
    await lockBusiness(db, trx, actor.businessId);
    const checked = compare(cells, await knownCodesAndBarcodes(trx, actor.businessId, cells));
    if (!checked.valid) {
      const first = checked.rows.find((r) => r.errors.length)!;
      throw rowRefusal(first.row, first.errors[0]!);
    }
    await writeImport(trx, actor, checked.inputs);
    return checked.rows;
  });
}

/**
 * Every product of the business as CSV, in the import's columns, after a UTF-8 byte-order mark (as
 * the report CSVs): without it Excel on Windows reads the file as Windows-1252, "Café" as "CafÃ©".
 * The import drops the mark.
 */
export async function exportCsv(db: Db, businessId: string, currency: string): Promise<string> {
  const rows = await db.kysely
    .selectFrom('products')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('deleted_at', 'is', null)
    .orderBy('code')
    .orderBy('id')
    .execute();
  const products = await toProducts(db.kysely, rows);
  const digits = currencyMinorDigits(currency);
  const money = (m: number) =>
    digits === 0
      ? String(m)
      : `${Math.trunc(m / 10 ** digits)}.${String(m % 10 ** digits).padStart(digits, '0')}`;
  const pct = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));
  const qty = (t: number) => (t % 1000 === 0 ? String(t / 1000) : (t / 1000).toFixed(3).replace(/0+$/, ''));
  const csv = toCsvRows([
    [...CSV_COLUMNS],
    ...products.map((p) => [
      p.code,
      p.name,
      p.barcodes.join('|'),
      p.category,
      p.unit,
      money(p.price),
      money(p.buying_price),
      pct(p.tax_rate),
      qty(p.reorder_level),
      p.active ? 'yes' : 'no',
    ]),
  ]);
  return `\ufeff${csv}`;
}
