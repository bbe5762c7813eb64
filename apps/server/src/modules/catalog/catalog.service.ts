import type { Product, productInputSchema, productUpdateSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { type Kysely, sql } from 'kysely';
import type { Database, ProductRow } from '../../db/tables.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { isReplay, requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { snapshotRecord, stampRecord } from '../../lib/stamps.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { type ImageSetter, requireOwnImage } from '../files/files.repository.js';
import { requireWhole } from '../inventory/stock-rules.js';
import { findProduct, newProductRow, searchKey, toProducts } from './catalog.repository.js';
import { changedFields } from './import-write.js';
import { assertUnique, uniqueError } from './product-unique.js';

type Input = z.output<typeof productInputSchema>;
type Patch = z.output<typeof productUpdateSchema>;

/** Inserts one product in the caller's transaction. (A CSV import writes many at once: import-write.ts.) */
async function insertProduct(trx: Trx, actor: Actor & ImageSetter, id: string, input: Input): Promise<void> {
  requireWhole(input.reorder_level, { id, name: input.name, unit: input.unit }, 'reorder_level');
  await assertUnique(trx, actor.businessId, null, input.code, input.barcodes);
  if (input.image) await requireOwnImage(trx, actor, input.image, 'image');
  await trx
    .insertInto('products')
    .values(newProductRow(actor, id, input))
    .execute();
  if (input.barcodes.length) {
    await trx
      .insertInto('product_barcodes')
      .values(input.barcodes.map((barcode) => ({ business_id: actor.businessId, barcode, product_id: id })))
      .execute();
  }
  await trx
    .insertInto('product_prices')
    .values({
      id: newId(),
      business_id: actor.businessId,
      product_id: id,
      price: input.price,
      tax_rate: input.tax_rate,
      changed_by: actor.userId,
      created_at: actor.at,
    })
    .execute();
  const { stamp } = await appendJournal(trx, {
    ...actor.journal,
    docType: 'product',
    docId: id,
    action: 'product.create',
    detail: { code: input.code },
  });
  await stampRecord(trx, actor.businessId, 'product', id, stamp, null);
}

export async function createProduct(
  db: Db,
  actor: Actor & ImageSetter,
  id: string,
  input: Input,
): Promise<Product> {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(db, trx, actor.businessId);
      if (await isReplay(trx, 'products', id, actor.businessId, requestHash(input))) return;
      await insertProduct(trx, actor, id, input);
    });
  } catch (err) {
    throw uniqueError(err) ?? err;
  }
  return getProduct(db, actor.businessId, id);
}

/**
 * The changes the product's stock stands in the way of: another unit once stock moved in it, a
 * deactivation while a location holds some or an open count has counted it.
 */
async function refuseWhatStockHolds(
  trx: Trx,
  businessId: string,
  id: string,
  cur: { unit: string; active: number },
  patch: Patch,
): Promise<void> {
  if (patch.unit !== undefined && patch.unit !== cur.unit && (await hasMoved(trx, businessId, [id])).size)
    throw new AppError(
      'unit_in_use',
      'The product has stock or a history in its unit: its quantities would read in the new one',
      'unit',
    );
  if (patch.active === false && cur.active === 1 && (await holdsStock(trx, businessId, [id])).size)
    throw new AppError(
      'product_holds_stock',
      "Move, count or write off the product's stock before deactivating it",
      'active',
    );
  if (patch.active === false && cur.active === 1 && (await inOpenCount(trx, businessId, [id])).size)
    throw new AppError(
      'product_in_count',
      'An open stock count has counted the product: finalise or cancel it before deactivating it',
      'active',
    );
}

/**
 * A product counted in pieces is reordered at a whole number of them: a reorder level set, or a
 * unit changed, with a fraction of a whole unit is refused (`quantity_not_whole`). A level kept
 * from before the rule stays while neither changes (a price changed alone is saved).
 */
function requireWholeReorder(id: string, cur: ProductRow, patch: Patch): void {
  const unit = patch.unit ?? cur.unit;
  const level = patch.reorder_level ?? Number(cur.reorder_level);
  if (level === Number(cur.reorder_level) && unit === cur.unit) return;
  requireWhole(level, { id, name: patch.name ?? cur.name, unit }, 'reorder_level');
}

/** Updates a product in a transaction of its own. (A CSV import writes many at once: import-write.ts.) */
export async function updateProduct(
  db: Db,
  actor: Actor & ImageSetter,
  id: string,
  patch: Patch,
): Promise<Product> {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockBusiness(db, trx, actor.businessId);
      const cur = await findProduct(trx, actor.businessId, id);
      if (!cur) throw notFound('Product');
      const before = await snapshotRecord(trx, actor.businessId, 'product', id);
      await assertUnique(trx, actor.businessId, cur, patch.code, patch.barcodes);
      // only a new photo is checked: the form sends the one it has back, which may be missing here
      // (a pushed photo set aside past the hosted image cap) and must not stop a price change
      if (patch.image && patch.image !== cur.image) await requireOwnImage(trx, actor, patch.image, 'image');
      await refuseWhatStockHolds(trx, actor.businessId, id, cur, patch);
      requireWholeReorder(id, cur, patch);
      // a save that changes nothing writes nothing (no journal entry, nothing to sync), as an
      // imported row that changes nothing does; the entry names only the fields that changed
      const fields = changedFields(cur, await barcodesIn(trx, actor.businessId, id), patch);
      if (fields.length === 0) return;
      const { barcodes, active, ...plain } = patch;
      const set: Partial<ProductRow> = { ...plain, updated_at: actor.at };
      if (active !== undefined) set.active = active ? 1 : 0;
      if (patch.name !== undefined || patch.code !== undefined)
        set.search_key = searchKey(patch.name ?? cur.name, patch.code ?? cur.code);
      await trx
        .updateTable('products')
        .set(set)
        .where('business_id', '=', actor.businessId)
        .where('id', '=', id)
        .execute();
      if (barcodes) {
        await trx
          .deleteFrom('product_barcodes')
          .where('business_id', '=', actor.businessId)
          .where('product_id', '=', id)
          .execute();
        if (barcodes.length) {
          await trx
            .insertInto('product_barcodes')
            .values(barcodes.map((barcode) => ({ business_id: actor.businessId, barcode, product_id: id })))
            .execute();
        }
      }
      const priceChanged =
        (patch.price !== undefined && patch.price !== Number(cur.price)) ||
        (patch.tax_rate !== undefined && patch.tax_rate !== cur.tax_rate);
      if (priceChanged) {
        await trx
          .insertInto('product_prices')
          .values({
            id: newId(),
            business_id: actor.businessId,
            product_id: id,
            price: patch.price ?? Number(cur.price),
            tax_rate: patch.tax_rate ?? cur.tax_rate,
            changed_by: actor.userId,
            created_at: actor.at,
          })
          .execute();
      }
      const { stamp } = await appendJournal(trx, {
        ...actor.journal,
        docType: 'product',
        docId: id,
        action: 'product.update',
        detail: { fields },
      });
      await stampRecord(trx, actor.businessId, 'product', id, stamp, before);
    });
  } catch (err) {
    throw uniqueError(err) ?? err;
  }
  return getProduct(db, actor.businessId, id);
}

export async function getProduct(db: Db, businessId: string, id: string): Promise<Product> {
  const row = await findProduct(db.kysely, businessId, id);
  if (!row) throw notFound('Product');
  return (await toProducts(db.kysely, [row]))[0]!;
}

/**
 * The products of `ids` counted in a count still open: such a product is not deactivated, as the
 * count's finalise would give it stock (its correction).
 */
export async function inOpenCount(
  trx: Kysely<Database>,
  businessId: string,
  ids: string[],
): Promise<Set<string>> {
  const counted = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('stock_counts as c')
      .innerJoin('stock_count_entries as e', (j) =>
        j.onRef('e.count_id', '=', 'c.id').onRef('e.business_id', '=', 'c.business_id'),
      )
      .select('e.product_id')
      .distinct()
      .where('c.business_id', '=', businessId)
      .where('c.status', '=', sql.lit('open'))
      .where('e.product_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) counted.add(r.product_id);
  }
  return counted;
}

/** The products of `ids` with a level at some location; with `nonZero` only a level other than 0. */
async function withLevels(
  trx: Kysely<Database>,
  businessId: string,
  ids: string[],
  nonZero: boolean,
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    let q = trx
      .selectFrom('stock_levels')
      .select('product_id')
      .distinct()
      .where('business_id', '=', businessId)
      .where('product_id', 'in', ids.slice(i, i + 500));
    if (nonZero) q = q.where('quantity', '!=', 0);
    for (const r of await q.execute()) found.add(r.product_id);
  }
  return found;
}

/**
 * The products of `ids` that ever had stock moved at a location (a level, even back at 0, or below
 * it): their unit is kept, since their quantities, sales and counts were all in it.
 */
export const hasMoved = (trx: Kysely<Database>, businessId: string, ids: string[]) =>
  withLevels(trx, businessId, ids, false);

/**
 * The products of `ids` that some location holds, or owes (below zero), stock of: such a product
 * is not deactivated (as a location holding stock is not), since an inactive product can be
 * neither counted, nor moved, nor written off.
 */
export const holdsStock = (trx: Kysely<Database>, businessId: string, ids: string[]) =>
  withLevels(trx, businessId, ids, true);

/** A product's barcodes in the order `changedFields` compares them. */
async function barcodesIn(trx: Trx, businessId: string, productId: string) {
  const rows = await trx
    .selectFrom('product_barcodes')
    .select('barcode')
    .where('business_id', '=', businessId)
    .where('product_id', '=', productId)
    .execute();
  return rows.sort((a, b) => (a.barcode < b.barcode ? -1 : a.barcode > b.barcode ? 1 : 0));
}
