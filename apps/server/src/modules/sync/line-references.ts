import { DROPPED_LINE_KEYS } from '../../db/migrations/0021-line-references.js';
import type { DocBody } from './doc-specs.js';
import { type AnyDb, chunks, docKey } from './documents.js';

/**
 * The columns checked: the line keys migration 0021 dropped, a file's maker, and a user's home location and
 * given locations (migration 0020 dropped the first's foreign key on PostgreSQL, and SQLite's
 * takes any business's location: a pushed user was kept at another business's shop).
 */
const CHECKED: readonly (readonly [string, string, string])[] = [
  ...DROPPED_LINE_KEYS,
  ['users', 'home_location_id', 'locations'],
  ['user_locations', 'location_id', 'locations'],
  // a file keeps its maker by a foreign key: one made by a user set aside here (a name another
  // business holds) failed every later batch on it, and the shop's sync stopped for good
  ['files', 'created_by', 'users'],
  // a debtor payment's void names the payment (migration 0041, no foreign key): one whose payment
  // is neither here nor in the batch (set aside) would put a debt back that was never paid off here
  ['debtor_payments', 'voids_id', 'debtor_payments'],
];

/** The tables the checked columns name. */
const TARGETS = [...new Set(CHECKED.map(([, , target]) => target))];

interface Doc {
  type: string;
  id: string;
  body: DocBody;
}

/**
 * Documents whose sale lines, stock movements or users name a product, location or sale the business has
 * neither here nor in this batch (migration 0021: on PostgreSQL no foreign key checks those
 * columns row by row any more, so the apply checks them, one query per referenced table for the
 * whole batch, on both databases). `provided`: the bodies this batch writes.
 */
export async function unknownReferences(
  k: AnyDb,
  businessId: string,
  docs: readonly Doc[],
  provided: readonly DocBody[],
): Promise<Set<string>> {
  // The ids each referenced table gets from this batch, then the ids left to look up.
  const inBatch = new Map<string, Set<string>>(TARGETS.map((t) => [t, new Set<string>()]));
  for (const body of provided)
    for (const target of TARGETS) {
      const rows = body[target];
      if (rows) for (const r of rows) inBatch.get(target)!.add(r.id as string);
    }
  const lookUp = new Map<string, Set<string>>(TARGETS.map((t) => [t, new Set<string>()]));
  const naming: Doc[] = [];
  for (const doc of docs) {
    let names = false;
    for (const [table, column, target] of CHECKED) {
      const rows = doc.body[table];
      if (!rows) continue;
      const have = inBatch.get(target)!;
      for (const row of rows) {
        const id = row[column];
        if (typeof id === 'string' && !have.has(id)) {
          lookUp.get(target)!.add(id);
          names = true;
        }
      }
    }
    if (names) naming.push(doc);
  }
  if (naming.length === 0) return new Set();
  const known = new Map<string, Set<string>>();
  for (const [table, ids] of lookUp) {
    const found = new Set<string>();
    for (const slice of chunks([...ids], 500)) {
      const rows = await k
        .selectFrom(table)
        .select('id')
        .where('business_id', '=', businessId)
        .where('id', 'in', slice)
        .execute();
      for (const r of rows) found.add(String(r.id));
    }
    known.set(table, found);
  }
  const out = new Set<string>();
  for (const doc of naming)
    for (const [table, column, target] of CHECKED) {
      const have = inBatch.get(target)!;
      const found = known.get(target)!;
      const missing = (doc.body[table] ?? []).some((row) => {
        const id = row[column];
        return typeof id === 'string' && !have.has(id) && !found.has(id);
      });
      if (missing) out.add(docKey(doc.type, doc.id));
    }
  return out;
}
