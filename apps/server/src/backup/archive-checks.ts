import { createHash } from 'node:crypto';
import { AppError } from '../lib/errors.js';
import { checkedImage } from '../modules/files/files.service.js';
import { type AnyDb } from '../modules/sync/documents.js';
import { foreignUserIds } from '../modules/sync/foreign-users.js';
import {
  ARCHIVE_DOC_REFERENCES,
  ARCHIVE_REFERENCES,
  ARCHIVE_TABLES,
  ARCHIVE_USER_REFERENCES,
  type ArchiveTable,
} from './archive-tables.js';

type Row = Record<string, unknown>;

/**
 * An archive's rows, checked before any is written: an archive comes from a customer moving onto
 * a server that keeps other businesses, so nothing in it is trusted. Every row must be the
 * header's business's (a row naming another business was written into it: an admin user planted
 * in someone else's shop), there is exactly that one business, and every file is an image as its
 * bytes say (a row's own type was served as it said: `text/html` ran on this origin). A file's
 * type, size and hash are taken from its bytes. Every id a row names of another archived table is
 * one of the archive's own rows (`ARCHIVE_REFERENCES`), and so is every document a row names by
 * its kind (`ARCHIVE_DOC_REFERENCES`): otherwise an owner was kept at another business's location,
 * a sale line named another business's product, or a movement another business's sale.
 */
export async function checkArchiveRows(businessId: string, tables: Map<string, Row[]>): Promise<void> {
  const businesses = tables.get('businesses') ?? [];
  if (businesses.length !== 1 || businesses[0]!.id !== businessId)
    throw new Error(`The archive must hold its one business, ${businessId}, and no other`);
  for (const t of ARCHIVE_TABLES) {
    // (none is today; one would need its parents' keys checked against the archive's own rows)
    if ('via' in t.scope) throw new Error(`archive-checks: ${t.name} is scoped through a parent`);
    const column = t.scope.column;
    const rows = withBusiness(t, tables.get(t.name) ?? [], businessId);
    tables.set(t.name, rows);
    if (rows.some((r) => r[column] !== businessId))
      throw new Error(`The archive's ${t.name} holds rows of another business than ${businessId}`);
  }
  checkReferences(tables);
  // one after another: the process decodes one image at a time, and queues only a few
  const files: Row[] = [];
  for (const row of tables.get('files') ?? []) files.push(await checkedFile(row));
  tables.set('files', files);
}

/**
 * Refuses an archive whose row names, in a column of `ARCHIVE_REFERENCES`, a row it does not hold,
 * or in one of `ARCHIVE_DOC_REFERENCES` a document it does not hold in the table the row's kind
 * names, or a kind that names none.
 */
function checkReferences(tables: Map<string, Row[]>): void {
  const ids = new Map<string, Set<unknown>>();
  const idsOf = (table: string) => {
    let found = ids.get(table);
    if (!found) ids.set(table, (found = new Set((tables.get(table) ?? []).map((r) => r.id))));
    return found;
  };
  const none = (table: string, column: string, id: unknown, target: string) =>
    new Error(
      `The archive's ${table}.${column} names ${String(id)}, which is none of the archive's ${target}`,
    );
  for (const [table, column, target] of ARCHIVE_REFERENCES) {
    const have = idsOf(target);
    const row = (tables.get(table) ?? []).find((r) => r[column] != null && !have.has(r[column]));
    if (row) throw none(table, column, row[column], target);
  }
  for (const { table, column, kindColumn, targets } of ARCHIVE_DOC_REFERENCES)
    for (const r of tables.get(table) ?? []) {
      if (r[column] == null) continue;
      const kind = r[kindColumn];
      const target = typeof kind === 'string' && Object.hasOwn(targets, kind) ? targets[kind] : undefined;
      if (target === undefined)
        throw new Error(
          `The archive's ${table}.${kindColumn} is ${JSON.stringify(kind)}, which names no archived table`,
        );
      if (!idsOf(target).has(r[column])) throw none(table, column, r[column], target);
    }
}

/**
 * Refuses an archive whose rows name, in a column of `ARCHIVE_USER_REFERENCES`, a user of another
 * business on this server (one the archive lacks is let through: see there). Run once the archive's
 * rows are checked, so its own users are the business's.
 */
export async function checkArchiveUsers(
  k: AnyDb,
  businessId: string,
  tables: Map<string, Row[]>,
): Promise<void> {
  const own = new Set((tables.get('users') ?? []).map((u) => u.id));
  const named = new Set<unknown>();
  for (const [table, column] of ARCHIVE_USER_REFERENCES)
    for (const r of tables.get(table) ?? [])
      if (r[column] != null && !own.has(r[column])) named.add(r[column]);
  if (named.size === 0) return;
  const foreign = await foreignUserIds(k, businessId, named);
  const [first] = foreign;
  if (first !== undefined)
    throw new Error(`The archive's rows name ${first}, a user of another business in this database`);
}

async function checkedFile(row: Row): Promise<Row> {
  const data = row.data;
  if (!Buffer.isBuffer(data)) throw new Error(`The archive's file ${String(row.name)} has no bytes`);
  let mime: string;
  try {
    mime = (await checkedImage(data)).mime;
  } catch (err) {
    if (err instanceof AppError && err.code !== 'server_busy')
      throw new Error(`The archive's file ${String(row.name)} is not a whole PNG, JPEG, WebP or GIF image`);
    throw err;
  }
  return { ...row, mime, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** An archive written before migration 0020 has stock_count_expected rows without business_id. */
export function withBusiness(t: ArchiveTable, rows: Row[], businessId: string): Row[] {
  if (!('column' in t.scope) || t.scope.column !== 'business_id') return rows;
  return rows.map((r) => ('business_id' in r ? r : { ...r, business_id: businessId }));
}
