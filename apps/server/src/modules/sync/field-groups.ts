/**
 * The field groups of edited records (ADR 11 §11.1): values that belong together carry one stamp
 * and move together in a merge. A column named in no group is a group of its own, so a column
 * added later merges without an edit here. A member starting with `@` is a child table that is a
 * set field of the record (a product's barcodes, a user's locations).
 */
import { debtorSearchKey } from '../debtors/debtors.repository.js';
import { searchKey } from '../catalog/catalog.repository.js';
import { SPEC_BY_TYPE } from './doc-specs.js';

type Row = Record<string, unknown>;

export interface GroupSpec {
  docType: string;
  table: string;
  /** Explicit groups: name → member columns (and `@child_table` sets). */
  groups: Readonly<Record<string, readonly string[]>>;
  /** Columns recomputed from the merged row, never merged themselves. */
  derive?: (row: Row) => Row;
}

/**
 * Columns that are not fields: the key, the owner, when it was made, the idempotency hash of the
 * request that made it (all fixed at creation), the stamps themselves and `updated_at` (the later
 * of the two rows). Columns a document omits (each server's own or derived) are not fields either.
 */
export const NOT_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'business_id',
  'created_at',
  'updated_at',
  'request_hash',
  'stamps',
]);

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export const GROUP_SPECS: readonly GroupSpec[] = [
  // Each column its own group; printer_host, printer_port and status never travel (doc-specs omit).
  { docType: 'business', table: 'businesses', groups: {} },
  // name, active, deleted_at, home_server_id: each its own.
  { docType: 'location', table: 'locations', groups: {} },
  {
    docType: 'user',
    table: 'users',
    groups: {
      username: ['username', 'username_key'],
      locations: ['home_location_id', '@user_locations'],
    },
  },
  {
    docType: 'product',
    table: 'products',
    groups: { price: ['price', 'tax_rate'], barcodes: ['@product_barcodes'] },
    derive: (r) => ({ search_key: searchKey(str(r.name), str(r.code)) }),
  },
  {
    docType: 'debtor',
    table: 'debtors',
    groups: {},
    derive: (r) => ({
      search_key: debtorSearchKey({ name: str(r.name), phone: str(r.phone), id_number: str(r.id_number) }),
    }),
  },
  { docType: 'supplier', table: 'suppliers', groups: {} },
  { docType: 'payment_provider', table: 'payment_providers', groups: {} },
  { docType: 'expense_category', table: 'expense_categories', groups: {} },
  {
    docType: 'stock_count',
    table: 'stock_counts',
    groups: { status: ['status', 'closed_by', 'closed_at', 'moved_since_start'] },
  },
];

export const GROUPS_BY_TYPE: ReadonlyMap<string, GroupSpec> = new Map(GROUP_SPECS.map((g) => [g.docType, g]));

/** The columns a record's derive step writes: never fields. */
const DERIVED: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  GROUP_SPECS.map((g) => [g.docType, new Set(g.derive ? Object.keys(g.derive({})) : [])]),
);

/** The child tables that are set fields of a record of this type. */
export function setTables(spec: GroupSpec): string[] {
  return Object.values(spec.groups)
    .flat()
    .filter((m) => m.startsWith('@'))
    .map((m) => m.slice(1));
}

/**
 * Every group of a record with its members, from the columns of its rows as they are (so a new
 * column is a group at once): explicit groups first, then each remaining field column.
 */
export function groupsOf(spec: GroupSpec, rows: readonly Row[]): Map<string, readonly string[]> {
  const omit = new Set(SPEC_BY_TYPE.get(spec.docType)?.parts[0]?.omit ?? []);
  const derived = DERIVED.get(spec.docType)!;
  const out = new Map<string, readonly string[]>(Object.entries(spec.groups));
  const claimed = new Set(Object.values(spec.groups).flat());
  for (const row of rows)
    for (const col of Object.keys(row)) {
      if (NOT_FIELDS.has(col) || omit.has(col) || derived.has(col) || claimed.has(col)) continue;
      if (!out.has(col)) out.set(col, [col]);
    }
  return out;
}
