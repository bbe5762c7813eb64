import type { productInputSchema } from '@duka/domain';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { dialectOf, ofBusiness } from '../../db/dialect.js';
import type { ProductRow } from '../../db/tables.js';
import type { Actor } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { appendJournalEntries } from '../../lib/journal.js';
import { createdStamps, stampedSet } from '../../lib/stamps.js';
import type { Trx } from '../../lib/tx.js';
import { newProductRow, searchKey } from './catalog.repository.js';

type ProductFields = z.output<typeof productInputSchema>;

/** One checked row of an import: a new product, or the fields a known one changes. */
export type ImportWrite = { id: null; input: ProductFields } | { id: string; input: Partial<ProductFields> };

type Row = Record<string, unknown>;

/**
 * Products written per statement. Each of a product's rows goes in a statement with others (its
 * journal entry by `appendJournalEntries`' hundred): 20,000 rows were ~12 round trips each, and a
 * hosted business's sales waited the whole import out behind its lock (the twenty-ninth note:
 * 187 s), then gave up as `server_busy`.
 */
const PER_STATEMENT = 500;

function* parts<T>(all: readonly T[], size = PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

/**
 * Writes an import's checked rows in the caller's transaction, under the business's lock, as
 * `insertProduct` and `updateProduct` would one by one: the same rows, journal entries (one per
 * product), price history and field stamps (ADR 11 §2), a few statements per `PER_STATEMENT`
 * products. The rows were checked against the catalogue in this transaction (codes and barcodes
 * free), so nothing is read again per product.
 */
export async function writeImport(trx: Trx, actor: Actor, rows: readonly ImportWrite[]): Promise<void> {
  const creates: ProductFields[] = [];
  const updates: { id: string; input: Partial<ProductFields> }[] = [];
  for (const r of rows) {
    if (r.id === null) creates.push(r.input);
    else updates.push({ id: r.id, input: r.input });
  }
  for (const part of parts(creates)) await createAll(trx, actor, part);
  for (const part of parts(updates)) await updateAll(trx, actor, part);
}

async function createAll(trx: Trx, actor: Actor, inputs: ProductFields[]): Promise<void> {
  const ids = inputs.map(() => newId());
  const entries = await appendJournalEntries(
    trx,
    inputs.map((input, i) => ({
      ...actor.journal,
      docType: 'product',
      docId: ids[i]!,
      action: 'product.create',
      detail: { code: input.code },
    })),
  );
  await trx
    .insertInto('products')
    .values(
      inputs.map((input, i) => ({
        ...newProductRow(actor, ids[i]!, input),
        stamps: createdStamps(entries[i]!.stamp),
      })),
    )
    .execute();
  await insertBarcodes(
    trx,
    inputs.flatMap((input, i) => input.barcodes.map((barcode) => ({ barcode, product_id: ids[i]! }))),
    actor.businessId,
  );
  await insertPrices(
    trx,
    actor,
    inputs.map((input, i) => ({ product_id: ids[i]!, price: input.price, tax_rate: input.tax_rate })),
  );
}

/**
 * Whether a row changes anything of its product (`barcodes`: its barcodes in order). One that
 * does not writes nothing: a catalogue exported and imported again with three prices changed
 * journals (and sends to the hosted server) three products, not the whole catalogue, and holds
 * the business's lock that much less. The preview calls such a row `unchanged`.
 */
export function changes(
  was: ProductRow,
  barcodes: readonly { barcode: string }[],
  input: Partial<ProductFields>,
): boolean {
  return changedFields(was, barcodes, input).length > 0;
}

/** The fields of `input` whose value differs from the product's (`barcodes`: its barcodes in order). */
export function changedFields(
  was: ProductRow,
  barcodes: readonly { barcode: string }[],
  input: Partial<ProductFields>,
): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (field === 'barcodes') {
      const now = [...(value as string[])].sort();
      if (now.length !== barcodes.length || now.some((b, i) => b !== barcodes[i]!.barcode)) out.push(field);
    } else if (field === 'active') {
      if ((value ? 1 : 0) !== Number(was.active)) out.push(field);
    } else {
      const stored = (was as unknown as Row)[field];
      if (typeof value === 'number' ? value !== Number(stored) : value !== stored) out.push(field);
    }
  }
  return out;
}

async function updateAll(
  trx: Trx,
  actor: Actor,
  rows: { id: string; input: Partial<ProductFields> }[],
): Promise<void> {
  const ids = rows.map((r) => r.id);
  // Found by id, kept to the business by `ofBusiness` (by the business's index SQLite walked every
  // product once per statement: 20 ms of each 500 of 20,000).
  const found = await trx
    .selectFrom('products')
    .selectAll()
    .where('id', 'in', ids)
    .where(ofBusiness(trx, 'business_id', actor.businessId))
    .execute();
  const byId = new Map(found.map((p) => [p.id, p]));
  // Each product's barcodes as `snapshotRecord` reads a set field: without business_id, in key order.
  const barcodesOf = new Map<string, { barcode: string; product_id: string }[]>(ids.map((id) => [id, []]));
  for (const b of await trx
    .selectFrom('product_barcodes')
    .select(['barcode', 'product_id'])
    .where('product_id', 'in', ids)
    .where(ofBusiness(trx, 'business_id', actor.businessId))
    .execute())
    barcodesOf.get(b.product_id)!.push(b);
  for (const list of barcodesOf.values()) list.sort((a, b) => (a.barcode < b.barcode ? -1 : 1));
  const part = rows.filter(({ id, input }) => {
    const was = byId.get(id);
    if (!was) throw new Error(`import: product ${id} was checked and is gone`);
    return changes(was, barcodesOf.get(id)!, input);
  });
  if (part.length === 0) return;
  const entries = await appendJournalEntries(
    trx,
    part.map((r) => ({
      ...actor.journal,
      docType: 'product',
      docId: r.id,
      action: 'product.update',
      detail: { fields: Object.keys(r.input) },
    })),
  );

  const sets: Row[] = [];
  const newBarcodes: { barcode: string; product_id: string }[] = [];
  const prices: { product_id: string; price: number; tax_rate: number }[] = [];
  part.forEach(({ id, input }, i) => {
    const was = byId.get(id)!;
    const { barcodes, active, ...plain } = input;
    const set: Row = { ...plain, updated_at: actor.at };
    if (active !== undefined) set.active = active ? 1 : 0;
    set.search_key = searchKey(input.name ?? was.name, input.code ?? was.code);
    const before = { products: [was], product_barcodes: barcodesOf.get(id)! };
    const after = barcodes
      ? {
          products: [{ ...was, ...set }],
          product_barcodes: [...barcodes].sort().map((barcode) => ({ barcode, product_id: id })),
        }
      : before;
    if (barcodes) newBarcodes.push(...after.product_barcodes);
    sets.push({ id, ...stampedSet('product', was, set, entries[i]!.stamp, { before, after }) });
    if (
      (input.price !== undefined && input.price !== Number(was.price)) ||
      (input.tax_rate !== undefined && input.tax_rate !== was.tax_rate)
    )
      prices.push({
        product_id: id,
        price: input.price ?? Number(was.price),
        tax_rate: input.tax_rate ?? was.tax_rate,
      });
  });

  await updateProducts(trx, actor.businessId, sets, byId);
  const replaced = part.filter((r) => r.input.barcodes !== undefined).map((r) => r.id);
  if (replaced.length)
    await trx
      .deleteFrom('product_barcodes')
      .where('product_id', 'in', replaced)
      .where(ofBusiness(trx, 'business_id', actor.businessId))
      .execute();
  await insertBarcodes(trx, newBarcodes, actor.businessId);
  await insertPrices(trx, actor, prices);
}

/**
 * Every product's new columns in one statement: the rows go as one JSON parameter, joined to the
 * products by id (PostgreSQL's `jsonb_populate_recordset` types each field as its column; SQLite's
 * `json_each`). Every row sets the same columns (a file's columns are its rows'); one a row lacks
 * (its stamps, when no group changed) keeps its value.
 */
async function updateProducts(
  trx: Trx,
  businessId: string,
  sets: Row[],
  was: Map<string, ProductRow>,
): Promise<void> {
  const columns = [...new Set(sets.flatMap((s) => Object.keys(s)))].filter((c) => c !== 'id');
  const rows = sets.map((s) => {
    const full: Row = { id: s.id };
    const before = was.get(String(s.id)) as unknown as Row;
    for (const c of columns) full[c] = c in s ? s[c] : before[c];
    return full;
  });
  const json = JSON.stringify(rows);
  const assign = (value: (column: string) => RawBuilder<unknown>) =>
    sql.join(columns.map((c) => sql`${sql.id(c)} = ${value(c)}`));
  if (dialectOf(trx) === 'postgres') {
    await sql`UPDATE products AS p SET ${assign((c) => sql`v.${sql.id(c)}`)}
      FROM jsonb_populate_recordset(NULL::products, ${json}::jsonb) AS v
      WHERE p.business_id = ${businessId} AND p.id = v.id`.execute(trx);
  } else {
    // `ofBusiness`: by the business's index SQLite scanned every product once per row (O(n²):
    // 20,000 rows did not end in minutes); so it finds each by its id.
    const field = (c: string) => sql`json_extract(v.value, ${`$.${c}`})`;
    await sql`UPDATE products AS p SET ${assign(field)}
      FROM json_each(${json}) AS v
      WHERE ${ofBusiness(trx, 'p.business_id', businessId)} AND p.id = ${field('id')}`.execute(trx);
  }
}

async function insertBarcodes(
  trx: Trx,
  rows: { barcode: string; product_id: string }[],
  businessId: string,
): Promise<void> {
  for (const part of parts(rows, 2 * PER_STATEMENT))
    await trx
      .insertInto('product_barcodes')
      .values(part.map((r) => ({ business_id: businessId, barcode: r.barcode, product_id: r.product_id })))
      .execute();
}

async function insertPrices(
  trx: Trx,
  actor: Actor,
  rows: { product_id: string; price: number; tax_rate: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('product_prices')
    .values(
      rows.map((r) => ({
        id: newId(),
        business_id: actor.businessId,
        product_id: r.product_id,
        price: r.price,
        tax_rate: r.tax_rate,
        changed_by: actor.userId,
        created_at: actor.at,
      })),
    )
    .execute();
}
