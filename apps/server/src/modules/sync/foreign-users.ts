import type { DocBody } from './doc-specs.js';
import { type AnyDb, chunks, docKey } from './documents.js';

/**
 * The columns of synced rows that name a user: who sold, reversed, confirmed, counted, changed a
 * price. `users` is a global table (sign-in finds a user without naming a business), so no foreign
 * key holds these to the row's business; the apply does.
 */
export const USER_COLUMNS = [
  'user_id',
  'confirmed_by',
  'changed_by',
  'started_by',
  'closed_by',
  'created_by',
  'last_user_id',
] as const;

/** Of `ids`, those of another business's users here. */
export async function foreignUserIds(
  k: AnyDb,
  businessId: string,
  ids: Iterable<unknown>,
): Promise<Set<string>> {
  const asked = [...new Set([...ids].filter((v): v is string => typeof v === 'string' && v !== ''))];
  const out = new Set<string>();
  for (const slice of chunks(asked, 500)) {
    const rows = await k
      .selectFrom('users')
      .select('id')
      .where('id', 'in', slice)
      .where('business_id', '!=', businessId)
      .execute();
    for (const r of rows) out.add(String(r.id));
  }
  return out;
}

/** The users a document's rows name (who sold, confirmed, counted, made the file). */
export const namedUsers = (body: DocBody): unknown[] =>
  Object.values(body).flatMap((rows) => rows.flatMap((row) => USER_COLUMNS.map((c) => row[c])));

/**
 * Documents of a batch that name another business's user (a pushed sale whose cashier is a user of
 * another business would show that user's name in this business's sales and reports): refused as
 * `other_business`, as a document whose own id is another business's.
 */
export async function docsNamingForeignUsers(
  k: AnyDb,
  businessId: string,
  docs: readonly { type: string; id: string; body: DocBody }[],
): Promise<Set<string>> {
  const foreign = await foreignUserIds(
    k,
    businessId,
    docs.flatMap((d) => namedUsers(d.body)),
  );
  const out = new Set<string>();
  if (foreign.size === 0) return out;
  for (const d of docs)
    if (namedUsers(d.body).some((id) => foreign.has(id as string))) out.add(docKey(d.type, d.id));
  return out;
}
