import { sql } from 'kysely';
import { AppError } from '../../lib/errors.js';
import { isPrimaryKeyViolation, isUniqueViolation, violatedConstraint } from '../../lib/db-errors.js';
import type { Trx } from '../../lib/tx.js';

/**
 * Refuses a code another product of the business has, in any case ("RICEL" when "ricel" is taken:
 * two codes told apart only by case are one to the people who type them), or one that is another
 * product's barcode (a search for it would find that product: a barcode is looked up first).
 */
async function assertCodeFree(trx: Trx, businessId: string, selfId: string | null, code: string) {
  let q = trx
    .selectFrom('products')
    .select('code')
    .where('business_id', '=', businessId)
    .where(sql<string>`lower(code)`, '=', sql<string>`lower(${code})`);
  if (selfId) q = q.where('id', '!=', selfId);
  const same = await q.executeTakeFirst();
  if (same)
    throw new AppError(
      'code_taken',
      `Another product has the code ${same.code}`,
      'code',
      {},
      {
        code: same.code,
        why: 'code',
      },
    );
  let b = trx
    .selectFrom('product_barcodes')
    .select('barcode')
    .where('business_id', '=', businessId)
    .where('barcode', '=', code);
  if (selfId) b = b.where('product_id', '!=', selfId);
  if (await b.executeTakeFirst())
    throw new AppError(
      'code_taken',
      `Another product has the barcode ${code}`,
      'code',
      {},
      {
        code,
        why: 'barcode',
      },
    );
}

/**
 * Refuses barcodes another product has, or that are another product's code (a scan of it would
 * find this product, and the code would no longer find its own).
 */
async function assertBarcodesFree(trx: Trx, businessId: string, selfId: string | null, barcodes: string[]) {
  let q = trx
    .selectFrom('product_barcodes')
    .select('barcode')
    .where('business_id', '=', businessId)
    .where('barcode', 'in', barcodes);
  if (selfId) q = q.where('product_id', '!=', selfId);
  const taken = await q.executeTakeFirst();
  if (taken)
    throw new AppError(
      'barcode_taken',
      `Another product has the barcode ${taken.barcode}`,
      'barcodes',
      {},
      {
        barcode: taken.barcode,
        why: 'taken',
      },
    );
  let c = trx
    .selectFrom('products')
    .select('code')
    .where('business_id', '=', businessId)
    .where('code', 'in', barcodes)
    .where('deleted_at', 'is', null);
  if (selfId) c = c.where('id', '!=', selfId);
  const code = await c.executeTakeFirst();
  if (code)
    throw new AppError(
      'barcode_taken',
      `Another product has the code ${code.code}`,
      'barcodes',
      {},
      {
        barcode: code.code,
        why: 'code',
      },
    );
}

/** A product's barcodes as they are. */
async function barcodesOf(trx: Trx, businessId: string, id: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('product_barcodes')
    .select('barcode')
    .where('business_id', '=', businessId)
    .where('product_id', '=', id)
    .execute();
  return rows.map((r) => r.barcode);
}

/**
 * Refuses a code or barcodes that clash with another product's (assertCodeFree,
 * assertBarcodesFree), and a barcode listed twice. On an edit (`had`: the product as it is) only
 * what changes is checked: a product saved with the code and barcodes it has is never refused for
 * a clash older than these checks.
 */
export async function assertUnique(
  trx: Trx,
  businessId: string,
  had: { id: string; code: string } | null,
  code: string | undefined,
  barcodes: string[] | undefined,
) {
  if (code !== undefined && code !== had?.code) await assertCodeFree(trx, businessId, had?.id ?? null, code);
  if (!barcodes || barcodes.length === 0) return;
  const dup = barcodes.find((b, i) => barcodes.indexOf(b) !== i);
  if (dup)
    throw new AppError(
      'barcode_taken',
      `The barcode ${dup} is listed twice`,
      'barcodes',
      {},
      {
        barcode: dup,
        why: 'twice',
      },
    );
  const kept = had ? await barcodesOf(trx, businessId, had.id) : [];
  const added = barcodes.filter((b) => !kept.includes(b));
  if (added.length > 0) await assertBarcodesFree(trx, businessId, had?.id ?? null, added);
}

/** A unique constraint a product's write broke, as the code or barcode it was about. */
export function uniqueError(err: unknown): AppError | null {
  // A taken id (another business's too) is the error handler's 409, not a code clash.
  if (!isUniqueViolation(err) || isPrimaryKeyViolation(err)) return null;
  return violatedConstraint(err).includes('barcode')
    ? new AppError('barcode_taken', 'Another product has this barcode', 'barcodes')
    : new AppError('code_taken', 'Another product has this code', 'code');
}
