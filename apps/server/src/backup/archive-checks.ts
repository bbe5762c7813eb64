import { createHash } from 'node:crypto';
import { AppError } from '../lib/errors.js';
import { checkedImage } from '../modules/files/files.service.js';
import { ARCHIVE_TABLES, type ArchiveTable } from './archive-tables.js';

type Row = Record<string, unknown>;

/**
 * An archive's rows, checked before any is written: an archive comes from a customer moving onto
 * a server that keeps other businesses, so nothing in it is trusted. Every row must be the
 * header's business's (a row naming another business was written into it: an admin user planted
 * in someone else's shop), there is exactly that one business, and every file is an image as its
 * bytes say (a row's own type was served as it said: `text/html` ran on this origin). A file's
 * type, size and hash are taken from its bytes.
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
  const files = tables.get('files') ?? [];
  tables.set('files', await Promise.all(files.map(checkedFile)));
}

async function checkedFile(row: Row): Promise<Row> {
  const data = row.data;
  if (!Buffer.isBuffer(data)) throw new Error(`The archive's file ${String(row.name)} has no bytes`);
  let mime: string;
  try {
    mime = (await checkedImage(data)).mime;
  } catch (err) {
    if (err instanceof AppError)
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
