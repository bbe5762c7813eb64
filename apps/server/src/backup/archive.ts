import fs from 'node:fs';
import path from 'node:path';
import { createGunzip, createGzip } from 'node:zlib';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { migrationsFor } from '../db/database.js';
import { PRIVATE_FILE_MODE, makePrivate, makePrivateDirOnlyIfNew } from '../lib/private-files.js';
import { isSealed, openPrivateKey, storedForm } from '../modules/printing/key-sealing.js';
import { ARCHIVE_TABLES, type ArchiveTable } from './archive-tables.js';
import { checkArchiveRows, checkArchiveUsers } from './archive-checks.js';
import { raiseReceiptCounter } from '../lib/receipts.js';
import { ownServerId } from '../lib/server-id.js';
import type { Trx } from '../lib/tx.js';
import { writerSeries } from '../modules/sync/series.js';
import { recountTransferTotals } from '../modules/transfers/transfer-totals.js';
import { recountBelowZero } from '../modules/inventory/below-zero.js';
import { mobileForms } from '../modules/users/users.repository.js';
import { durableRename } from '../lib/durable-files.js';

/** The first line of an archive. */
export interface ArchiveHeader {
  format: 'duka-archive';
  version: 1;
  /** When the archive was made: the only thing that differs between two exports of the same data. */
  exported_at: string;
  business_id: string;
  business_name: string;
  migrations: string[];
}

type Row = Record<string, unknown>;
const BLOB = '$base64';

/** JSON for a row: columns in name order, blobs (images) as base64, everything else as it is. */
function encodeRow(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    out[k] =
      Buffer.isBuffer(v) || v instanceof Uint8Array ? { [BLOB]: Buffer.from(v).toString('base64') } : v;
  return out;
}

function decodeRow(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row))
    out[k] =
      v && typeof v === 'object' && BLOB in v
        ? Buffer.from((v as Record<string, string>)[BLOB]!, 'base64')
        : v;
  return out;
}

/** The database as this module reads it: tables named at run time. */
type AnyDb = Kysely<Record<string, Row>>;

async function rowsOf(k: AnyDb, t: ArchiveTable, businessId: string): Promise<Row[]> {
  let q;
  if ('via' in t.scope) {
    const s = t.scope;
    q = k
      .selectFrom(sql.table(t.name).as('c'))
      .selectAll('c')
      .where(
        sql.ref(`c.${s.column}`),
        'in',
        k
          .selectFrom(sql.table(s.via).as('p'))
          .select(sql.ref(`p.${s.parentKey}`).as('k'))
          .where(sql.ref('p.business_id'), '=', businessId),
      );
  } else {
    q = k
      .selectFrom(sql.table(t.name).as('c'))
      .selectAll('c')
      .where(sql.ref(`c.${t.scope.column}`), '=', businessId);
  }
  const rows = (await q.execute()) as Row[];
  // Sorted here, not by the database: SQLite and PostgreSQL collate text differently, and the
  // same data must export the same way from either.
  return rows.sort((a, b) => {
    for (const col of t.orderBy) {
      const x = a[col];
      const y = b[col];
      if (x === y) continue;
      if (x === null || x === undefined) return -1;
      if (y === null || y === undefined) return 1;
      return (x as string | number) < (y as string | number) ? -1 : 1;
    }
    return 0;
  });
}

/**
 * Writes one business (every table, the journal, the images) as a gzipped file of JSON lines: a
 * header, then one line per table with its rows in a fixed order. Portable between SQLite and
 * PostgreSQL: ids are text, money and quantities integers, booleans 0/1, blobs base64.
 */
export async function exportBusiness(
  db: Db,
  businessId: string,
  file: string,
  now: Date,
  /** Called after each table is read (the CLI shows progress with it). */
  onTable?: (done: number, total: number, table: string) => void | Promise<void>,
  /** This server's KEY_ENCRYPTION_KEY: the printing key goes into the archive opened (PEM). */
  keyEncryptionKey?: Buffer,
): Promise<{ rows: number }> {
  const business = await db.kysely
    .selectFrom('businesses')
    .select(['id', 'name'])
    .where('id', '=', businessId)
    .executeTakeFirst();
  if (!business) throw new Error(`No business with id ${businessId}`);
  const header: ArchiveHeader = {
    format: 'duka-archive',
    version: 1,
    exported_at: now.toISOString(),
    business_id: business.id,
    business_name: business.name,
    migrations: Object.keys(migrationsFor(db.dialect)),
  };
  const lines: string[] = [JSON.stringify(header)];
  let count = 0;
  // Every table from one snapshot, while the server may go on writing: without it, a journal
  // counter read before the journal, or sales before their lines, would not import. SQLite's
  // read transaction sees one point in time (WAL); PostgreSQL needs REPEATABLE READ for that.
  let tx = db.kysely.transaction();
  if (db.dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read');
  await tx.execute(async (trx) => {
    for (const [i, t] of ARCHIVE_TABLES.entries()) {
      const rows = (await rowsOf(trx as unknown as AnyDb, t, businessId))
        .map((r) =>
          t.name === 'business_keys' ? withKey(r, (k, id) => openPrivateKey(k, keyEncryptionKey, id)) : r,
        )
        .map(encodeRow);
      count += rows.length;
      lines.push(JSON.stringify({ table: t.name, rows }));
      await onTable?.(i + 1, ARCHIVE_TABLES.length, t.name);
    }
  });
  // Owner-only, in a folder made when missing (owner-only too): it holds the whole business.
  makePrivateDirOnlyIfNew(path.dirname(path.resolve(file)));
  const tmp = `${file}.tmp`;
  await pipeline(
    Readable.from(lines.map((l) => `${l}\n`)),
    createGzip(),
    fs.createWriteStream(tmp, { mode: PRIVATE_FILE_MODE }),
  );
  makePrivate(tmp);
  durableRename(tmp, file);
  return { rows: count };
}

/**
 * The printing private key travels in the archive as PEM, opened with the exporting server's
 * KEY_ENCRYPTION_KEY and sealed again with the importing server's (if it has one): so a shop
 * moves from a local server (plain, or its own key) to a hosted one (another key). The archive
 * is written owner-only (600) for that reason, and must be kept like a backup.
 */
function withKey(row: Row, f: (stored: string, businessId: string) => string): Row {
  const stored = row.private_key;
  return typeof stored === 'string' ? { ...row, private_key: f(stored, String(row.business_id)) } : row;
}

/** Reads an archive: its header and its tables. Refuses a file that is not one. */
export async function readArchive(
  file: string,
): Promise<{ header: ArchiveHeader; tables: Map<string, Row[]> }> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const rl = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let header: ArchiveHeader | null = null;
  const tables = new Map<string, Row[]>();
  try {
    for await (const line of rl) {
      if (!line) continue;
      const value = JSON.parse(line) as unknown;
      if (!header) {
        const h = value as Partial<ArchiveHeader>;
        if (h.format !== 'duka-archive' || h.version !== 1 || !h.business_id)
          throw new Error('not a Duka archive');
        header = h as ArchiveHeader;
        continue;
      }
      const t = value as { table?: string; rows?: Row[] };
      if (!t.table || !Array.isArray(t.rows)) throw new Error('a line of the archive is not a table');
      tables.set(t.table, t.rows.map(decodeRow));
    }
  } catch (err) {
    throw new Error(
      `${file} is not a readable Duka archive: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  if (!header) throw new Error(`${file} is empty`);
  return { header, tables };
}

/** Most bound parameters in one insert: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;

/**
 * Writes an archive's business into this database, all or nothing. Refuses when the business,
 * or a username of its users, is already here, or when the archive comes from a newer Duka.
 */
export async function importArchive(
  db: Db,
  file: string,
  /** This server's KEY_ENCRYPTION_KEY: the archive's printing key is sealed with it. */
  keyEncryptionKey?: Buffer,
): Promise<{ business_id: string; rows: number }> {
  const { header, tables } = await readArchive(file);
  const printingKeys = tables.get('business_keys');
  if (printingKeys)
    tables.set(
      'business_keys',
      printingKeys.map((r) =>
        withKey(r, (k, id) => {
          if (isSealed(k)) throw new Error('The archive holds an encrypted printing key; export it again');
          return storedForm(k, keyEncryptionKey, id);
        }),
      ),
    );
  const known = new Set(Object.keys(migrationsFor(db.dialect)));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0)
    throw new Error(`The archive comes from a newer Duka (${unknown.join(', ')}); update this one first`);
  for (const name of tables.keys())
    if (!ARCHIVE_TABLES.some((t) => t.name === name))
      throw new Error(`The archive has an unknown table ${name}`);
  await checkArchiveRows(header.business_id, tables);
  await checkArchiveUsers(db.kysely as unknown as AnyDb, header.business_id, tables);
  const exists = await db.kysely
    .selectFrom('businesses')
    .select('id')
    .where('id', '=', header.business_id)
    .executeTakeFirst();
  if (exists)
    throw new Error(`Business ${header.business_name} (${header.business_id}) is already in this database`);
  const users = (tables.get('users') ?? []) as { username_key?: string; mobile?: string | null }[];
  const keys = users.map((u) => u.username_key).filter((k): k is string => !!k);
  if (keys.length > 0) {
    const clash = await db.kysely
      .selectFrom('users')
      .select('username')
      .where('username_key', 'in', keys)
      .executeTakeFirst();
    if (clash) throw new Error(`A user named ${clash.username} already exists in this database`);
  }
  const mobiles = users.map((u) => u.mobile).filter((m): m is string => !!m);
  if (mobiles.length > 0) {
    const clash = await db.kysely
      .selectFrom('users')
      .select(['username', 'mobile'])
      .where('mobile', 'in', mobiles.flatMap(mobileForms))
      .executeTakeFirst();
    if (clash)
      throw new Error(
        `The mobile number ${clash.mobile} of a user in the archive already belongs to ${clash.username} in this database`,
      );
  }
  let count = 0;
  await db.kysely.transaction().execute(async (trx) => {
    for (const t of ARCHIVE_TABLES) {
      const rows = tables.get(t.name) ?? [];
      if (rows.length === 0) continue;
      const columns = Object.keys(rows[0]!).length;
      const chunk = Math.max(1, Math.floor(MAX_PARAMS / columns));
      for (let i = 0; i < rows.length; i += chunk) {
        // Tables are named at run time here: the untyped view of the same transaction.
        await (trx as unknown as AnyDb)
          .insertInto(t.name)
          .values(rows.slice(i, i + chunk))
          .execute();
      }
      count += rows.length;
    }
    // An archive made before the transfer totals (migration 0025) has none: counted here from its rows.
    await recountTransferTotals(trx, header.business_id);
    // The levels below zero likewise (migration 0027), found again from the levels.
    await recountBelowZero(trx, header.business_id);
    // Counters never travel between servers: this one's series starts past every number of it here.
    await raiseReceiptCounter(trx, header.business_id, await writerSeries(trx, header.business_id));
    await adoptLocations(trx, header.business_id);
  });
  return { business_id: header.business_id, rows: count };
}

/**
 * A business one server wrote alone (its journal has one origin) is restored here as this
 * server's: its locations' stock counts and day closes are made here from now on (ADR 11 §11.4).
 * A business several servers wrote keeps each location's home; the owner moves one on the
 * locations screen.
 */
async function adoptLocations(trx: Trx, businessId: string): Promise<void> {
  const origins = await trx
    .selectFrom('journal')
    .select('origin')
    .distinct()
    .where('business_id', '=', businessId)
    .limit(2)
    .execute();
  if (origins.length > 1) return;
  await trx
    .updateTable('locations')
    .set({ home_server_id: await ownServerId(trx) })
    .where('business_id', '=', businessId)
    .execute();
}
