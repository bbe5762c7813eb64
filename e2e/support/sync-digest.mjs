// Is the hosted copy of a business the shop's business? Each side exports the business with the
// CLI (`duka export`, the portable archive of ADR 7) and the archives are compared table by table
// by a SHA-256 of their canonical rows, leaving out what each server keeps for itself (ADR 11
// §10): its devices, counters and sessions, the journal's local `seq`, the hosted server's own
// sign-in entries, when a stock level was last touched, the printer and billing status, and the
// order each server wrote a debtor's entries in.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '../..');
const cli = 'apps/server/dist/cli.js';

/** Tables that are each server's own: never compared. */
export const PER_SERVER_TABLES = [
  'devices',
  'journal_counters',
  'receipt_counters',
  'sessions',
  'login_failures',
  'server_identity',
  'sync_links',
  'link_codes',
  'sync_servers',
  'sync_quarantine',
  // the cash drawer of the till that printed (not journaled: it stays where the drawer is)
  'drawer_openings',
  // the prints each server made or signed (not journaled: a reprint elsewhere counts its own)
  'receipt_prints',
  // the conflicts each server met while merging (ADR 11 §11.1): each records what it saw
  'field_history',
];
/** Columns that are each server's own. */
export const PER_SERVER_COLUMNS = {
  journal: ['seq'],
  stock_levels: ['updated_at'],
  businesses: ['printer_host', 'printer_port', 'status'],
  // the order each server wrote a debtor's entries in (ADR 9)
  debtors: ['entry_seq'],
  debtor_entries: ['seq'],
};
/** Journal entries a server writes about itself (sign-ins), left out for the origins named. */
export const OWN_ENTRY_TYPES = ['session', 'device'];

/** `duka export --business-id ID --to FILE` with the environment of one side (its database). */
export function exportArchive({ env, businessId, file }) {
  const r = spawnSync(process.execPath, [cli, 'export', '--business-id', businessId, '--to', file], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`duka export failed (${r.status}): ${r.stdout}${r.stderr}`);
  return file;
}

/** An archive: its header and each table's rows, in the archive's table order. */
export function readArchive(file) {
  const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]);
  const tables = new Map();
  for (const line of lines.slice(1)) {
    const { table, rows } = JSON.parse(line);
    tables.set(table, rows);
  }
  return { header, tables };
}

/** JSON with object keys sorted at every depth: one text for one content. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

let archiveTables;
/**
 * The columns that name a row: `id` when the table has one, else the archive's sort columns (from
 * the built server; without a build, every column).
 */
async function keyColumnsOf(table, rows) {
  if (rows.length === 0 || 'id' in rows[0]) return ['id'];
  archiveTables ??= await import(path.join(root, 'apps/server/dist/backup/archive-tables.js')).then(
    (m) => m.ARCHIVE_TABLES,
    () => [],
  );
  const t = archiveTables.find((x) => x.name === table);
  return t ? t.orderBy : Object.keys(rows[0]).sort();
}

/**
 * The digest of one archive: per compared table, its row count, the SHA-256 of its canonical rows
 * sorted by key, and each row's canonical text by key (to name the first difference).
 * `ignoreOrigins`: server ids whose own sign-in entries (OWN_ENTRY_TYPES) are left out.
 */
export async function digestArchive(file, { ignoreOrigins = [] } = {}) {
  const { header, tables: all } = readArchive(file);
  const tables = new Map();
  for (const [table, allRows] of all) {
    if (PER_SERVER_TABLES.includes(table)) continue;
    let rows = allRows;
    if (table === 'journal')
      rows = rows.filter((r) => !(ignoreOrigins.includes(r.origin) && OWN_ENTRY_TYPES.includes(r.doc_type)));
    const drop = PER_SERVER_COLUMNS[table] ?? [];
    // Never a column that is each server's own (stock_levels.updated_at): without a build every
    // column would be the key.
    const keys = (await keyColumnsOf(table, rows)).filter((c) => !drop.includes(c));
    const byKey = new Map();
    for (const row of rows) {
      const kept = Object.fromEntries(Object.entries(row).filter(([c]) => !drop.includes(c)));
      const key = keys.map((c) => (typeof row[c] === 'string' ? row[c] : JSON.stringify(row[c]))).join('|');
      if (byKey.has(key)) throw new Error(`${file}: ${table} has two rows named ${key}`);
      byKey.set(key, canonical(kept));
    }
    const sorted = [...byKey.keys()].sort();
    const hash = createHash('sha256');
    for (const k of sorted) hash.update(`${k}\t${byKey.get(k)}\n`);
    tables.set(table, { rows: byKey.size, sha256: hash.digest('hex'), byKey });
  }
  return { file, header, tables };
}

/** The columns two canonical rows differ in. */
function columnsDiffering(a, b) {
  const x = JSON.parse(a);
  const y = JSON.parse(b);
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((c) => canonical(x[c]) !== canonical(y[c]))
    .sort();
}

/**
 * The tables whose digests differ, each with a short description: the row counts and the first
 * row (by key) that is on one side only or differs, with its differing columns. Empty: equal.
 */
export function compareDigests(a, b, { names = ['a', 'b'] } = {}) {
  const [na, nb] = names;
  const out = [];
  const tables = [...new Set([...a.tables.keys(), ...b.tables.keys()])];
  for (const table of tables) {
    const ta = a.tables.get(table) ?? { rows: 0, sha256: '', byKey: new Map() };
    const tb = b.tables.get(table) ?? { rows: 0, sha256: '', byKey: new Map() };
    if (ta.sha256 === tb.sha256 && ta.rows === tb.rows) continue;
    const keys = [...new Set([...ta.byKey.keys(), ...tb.byKey.keys()])].sort();
    const firstKey = keys.find((k) => ta.byKey.get(k) !== tb.byKey.get(k)) ?? null;
    let kind = 'missing table';
    let columns = [];
    if (firstKey !== null) {
      const [ra, rb] = [ta.byKey.get(firstKey), tb.byKey.get(firstKey)];
      if (ra === undefined) kind = `only on ${nb}`;
      else if (rb === undefined) kind = `only on ${na}`;
      else {
        kind = 'differs';
        columns = columnsDiffering(ra, rb);
      }
    }
    const counts =
      ta.rows === tb.rows ? `${ta.rows} rows on each side` : `${ta.rows} rows on ${na}, ${tb.rows} on ${nb}`;
    const first =
      firstKey === null
        ? ''
        : `; first: ${firstKey} ${kind}${columns.length ? ` (${columns.join(', ')})` : ''}`;
    out.push({
      table,
      rows: { [na]: ta.rows, [nb]: tb.rows },
      firstKey,
      kind,
      columns,
      description: `${table}: ${counts}${first}`,
    });
  }
  return out;
}
