import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** The products' CSV columns, in export order. Prices in major units, tax in percent, levels as quantities. */
export const PRODUCT_CSV_COLUMNS = [
  'code',
  'name',
  'barcodes',
  'category',
  'unit',
  'price',
  'buying_price',
  'tax_rate',
  'reorder_level',
  'active',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * Every reason a row of the products' CSV import is refused, the one list: the server names each
 * error of a row by one of these (never by a sentence) and the web words each in the user's
 * language (features/stock/import-row-errors.ts, exhaustive over the list). The params a code
 * names are beside it.
 */
export const IMPORT_ROW_ERROR_CODES = [
  /** An empty cell where a value is needed (name, code). */
  'required',
  /** Text longer than `max` characters (a barcode's names it as `barcode`). */
  'too_long',
  /** Text with control characters, tabs, line breaks or direction overrides. */
  'unsafe_text',
  /** Not an amount of money with at most `decimals` decimals, or below zero. */
  'not_an_amount',
  /** Not a quantity with at most `decimals` decimals, or below zero. */
  'not_a_quantity',
  /** A fraction of a unit counted in whole pieces (`WHOLE_UNITS`): a reorder level of 0.5 "pair". */
  'not_whole',
  /** A number beyond what a product can hold. */
  'too_large',
  /** Not a percentage from 0 to 100. */
  'not_a_percentage',
  /** Not yes or no (nor true/false, 1/0, active/inactive). */
  'not_yes_no',
  /** Not one of the units (`UNITS`). */
  'unknown_unit',
  /** More than `max` barcodes. */
  'too_many',
  /** The `barcode` is not printable characters without spaces. */
  'not_a_barcode',
  /** The `barcode` belongs to another product of the business. */
  'barcode_taken',
  /** The `barcode` is also on the file's `row`. */
  'barcode_repeated',
  /** The code is also on the file's `row`. */
  'code_repeated',
  /** The code belongs to a product of the business that was deleted. */
  'code_taken',
  /** Another product's code is this one in another case (`code`: as that product writes it). */
  'code_case',
  /** The code is another product's barcode (a search for it would find that product). */
  'code_is_barcode',
  /** The `barcode` is another product's code (a search for it would find this product). */
  'barcode_is_code',
  /** The row deactivates a product that some location holds (or owes) stock of. */
  'holds_stock',
  /** The row deactivates a product an open stock count has counted (its finalise would stock it). */
  'in_count',
  /** The row changes the unit of a product that has stock or a history (`unit_in_use`). */
  'unit_in_use',
  /** Any other wrong value. */
  'invalid',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];

export function isImportRowErrorCode(code: string): code is ImportRowErrorCode {
  return (IMPORT_ROW_ERROR_CODES as readonly string[]).includes(code);
}

/** What a row's error names, for the words: a limit, a number of decimals, a barcode, another row. */
export const importRowErrorParamsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    max: z.number().int().optional(),
    decimals: z.number().int().optional(),
    barcode: z.string().optional(),
    code: z.string().optional(),
    row: z.number().int().optional(),
  }),
);
export type ImportRowErrorParams = z.infer<typeof importRowErrorParamsSchema>;

/** The products' CSV import: a preview of every row (`commit: false`), then all rows or none. */
export const productImportBodySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    // an empty file is refused by the import itself (`csv_refused`, `empty`), in words of its own
    csv: z.string().max(5_000_000),
    commit: z.boolean().default(false),
  }),
);

/** The import's answer, its rows' error codes read by `code` (the field is the row's CSV column). */
const importResult = <C extends z.ZodType<string>>(code: C) =>
  z.object({
    committed: z.boolean(),
    valid: z.boolean(),
    rows: z.array(
      z.object({
        row: z.number(),
        code: z.string(),
        name: z.string(),
        /** What a commit does with the row: `unchanged` when every field it has is as stored. */
        action: z.enum(['create', 'update', 'unchanged']),
        errors: z.array(z.object({ field: z.string(), code, params: importRowErrorParamsSchema.optional() })),
      }),
    ),
  });

/** What the server answers: every row error's code is one of `IMPORT_ROW_ERROR_CODES`. */
export const productImportResultSchema = /* @__PURE__ */ lazySchema(() =>
  importResult(z.enum(IMPORT_ROW_ERROR_CODES)),
);
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/**
 * The same answer as the web reads it: a code it does not know (a newer server's) is kept as text
 * and worded generically, rather than refusing the whole preview.
 */
export const productImportAnswerSchema = /* @__PURE__ */ lazySchema(() => importResult(z.string()));
export type ProductImportAnswer = z.infer<typeof productImportAnswerSchema>;
