import SQLite from 'better-sqlite3';
import { migrationsFor } from '../db/database.js';

/**
 * What a restore would put in place and what it would set aside, told before anything moves (the
 * QA: `restore` swapped in another business, or a copy older than the sales made since, and said
 * only "Restored"; the next sale took a receipt number a customer already held).
 */
export interface DatabaseSummary {
  businesses: { id: string; name: string }[];
  sales: number;
  /** The newest sale's time, or null. */
  lastSaleAt: string | null;
  /** Migrations this version of Duka does not know: the file was made by a newer one. */
  unknownMigrations: string[];
}

/** The summary of a Duka database file; null when it does not open as one (why it may be restored over). */
export function summarize(file: string): DatabaseSummary | null {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    const known = new Set(Object.keys(migrationsFor('sqlite')));
    const ran = db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    const sales = db.prepare('select count(*) as n, max(created_at) as last from sales').get() as {
      n: number;
      last: string | null;
    };
    return {
      businesses: db
        .prepare('select id, name from businesses order by name')
        .all() as DatabaseSummary['businesses'],
      sales: sales.n,
      lastSaleAt: sales.last,
      unknownMigrations: ran.filter((m) => !known.has(m)),
    };
  } catch {
    return null;
  } finally {
    db.close();
  }
}

const names = (s: DatabaseSummary) => s.businesses.map((b) => `"${b.name}"`).join(', ') || 'no business';

/** One line saying what a database holds. */
export function describe(what: string, s: DatabaseSummary): string {
  const last = s.lastSaleAt ? `, the last at ${s.lastSaleAt.slice(0, 16).replace('T', ' ')} UTC` : '';
  return `${what} holds ${names(s)}: ${s.sales} sale${s.sales === 1 ? '' : 's'}${last}.`;
}

/** Sales of the current database the backup does not hold: what the restore would set aside. */
export function salesNotIn(file: string, backup: string): { count: number; last: string | null } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    db.prepare('attach database ? as backup').run(backup);
    return db
      .prepare(
        'select count(*) as count, max(created_at) as last from main.sales where id not in (select id from backup.sales)',
      )
      .get() as { count: number; last: string | null };
  } finally {
    db.close();
  }
}

/**
 * Why this restore is refused, or null: a backup made by a newer Duka always (the server would not
 * start on it); without `force`, a backup of another business, or one that lacks sales the
 * current database holds.
 */
export function restoreRefusal(
  files: { backup: string; current: string },
  backup: DatabaseSummary,
  current: DatabaseSummary | null,
  force: boolean,
): string | null {
  if (backup.unknownMigrations.length > 0)
    return `it was made by a newer version of Duka (it has ${backup.unknownMigrations.join(', ')}): update Duka, then restore it`;
  if (force || !current || current.businesses.length === 0) return null;
  const ids = (s: DatabaseSummary) =>
    s.businesses
      .map((b) => b.id)
      .sort()
      .join(' ');
  if (ids(backup) !== ids(current))
    return `it holds ${names(backup)}, and this data folder holds ${names(current)}: restoring it replaces one shop by the other (the current database is kept aside). Run again with --force to do so`;
  const lost = salesNotIn(files.current, files.backup);
  if (lost.count > 0)
    return `the current database has ${lost.count} sale${lost.count === 1 ? '' : 's'} the backup does not hold (the newest at ${String(lost.last).slice(0, 16).replace('T', ' ')} UTC): restoring sets ${lost.count === 1 ? 'it' : 'them'} aside with the current database. Run again with --force to restore anyway`;
  return null;
}

/**
 * After a backup of the same business is restored over a newer database: its receipt counters are
 * raised to where the set-aside database had them, so the next sale never takes a number printed
 * on a receipt of a sale the restore set aside (a gap in the series is what was lost). Answers
 * whether any moved.
 */
export function keepReceiptNumbers(target: string, aside: string): boolean {
  const was = new SQLite(aside, { readonly: true, fileMustExist: true });
  let counters: { business_id: string; series: string; last_no: number }[];
  try {
    counters = was
      .prepare('select business_id, series, last_no from receipt_counters')
      .all() as typeof counters;
  } catch {
    return false; // the set-aside file does not open as a database: nothing to keep
  } finally {
    was.close();
  }
  const db = new SQLite(target, { fileMustExist: true });
  try {
    const raise = db.prepare(
      `update receipt_counters set last_no = ? where business_id = ? and series = ? and last_no < ?`,
    );
    const add = db.prepare(
      `insert into receipt_counters (business_id, series, last_no)
       select ?, ?, ? where exists (select 1 from businesses where id = ?)
       on conflict (business_id, series) do nothing`,
    );
    let moved = 0;
    db.transaction(() => {
      for (const c of counters) {
        moved += raise.run(c.last_no, c.business_id, c.series, c.last_no).changes;
        moved += add.run(c.business_id, c.series, c.last_no, c.business_id).changes;
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    return moved > 0;
  } finally {
    db.close();
  }
}
