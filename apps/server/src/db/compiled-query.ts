import {
  type Compilable,
  type CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
} from 'kysely';
import { executeCompiled, groupDriverOf } from './group-commit.js';
import { keptRead } from './kept-read.js';
import { prepareByName } from './pg-prepared.js';
import type { Database } from './tables.js';

/**
 * Query shapes built and compiled once, run many times with new values (issue 21: Kysely building
 * a query, its frozen operation nodes and the SQL text, was 10–20% of a sale's and a session's CPU).
 *
 * `compiledQuery((db, a) => db.selectFrom('x').select('id').where('id', '=', a.id))` is an ordinary
 * Kysely query written once; the first run on a database builds it with markers in place of the
 * arguments, keeps its SQL and which parameter is which argument, and every later run only puts
 * the new values in. The SQL differs by database (`?` or `$1`), so it is kept per Kysely instance
 * (its dialect adapter, shared by its transactions).
 *
 * Arguments may be values, arrays and plain objects (rows to insert): the structure (array lengths,
 * which keys are present) is part of the shape, so three lines and four lines are two shapes. The
 * build function must use its arguments as values only: never as names or `sql.lit` (a marker in
 * the SQL text is refused), and never decide anything on them (`if (a.x)`): what the query looks
 * like must follow from the structure alone. `compiled-query.test.ts` runs each shape of the money
 * path both ways, on both databases, and compares the SQL, the parameters and the rows.
 */
export interface QueryShape<A, R> {
  /** The rows (or, for a write without `returning`, none). */
  all(db: Kysely<Database>, args: A): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Kysely<Database>, args: A): Promise<R | undefined>;
  /**
   * The rows of a read, answered again on the shop's SQLite while no table its text names was
   * written (`keptRead`; on PostgreSQL read every time). Frozen: the caller must not change them.
   */
  kept(db: Kysely<Database>, args: A): Promise<readonly R[]>;
  /** The driver's result: the rows and, for a write, the number of rows it changed. */
  run(db: Kysely<Database>, args: A): Promise<QueryResult<R>>;
  /** The query with these values in, as Kysely would have built it (for the tests). */
  compile(db: Kysely<Database>, args: A): CompiledQuery<R>;
  /** The same query built by Kysely in full for these values, without the cache (for the tests). */
  uncached(db: Kysely<Database>, args: A): CompiledQuery<R>;
}

/** Most structures kept per query and database (a 200-row insert is one per row count). */
const MAX_SHAPES = 32;

/** An argument's marker: a string no request value could make (it starts with a NUL). */
const MARK = '\u0000duka-arg\u0000';

/** Where a parameter's value comes from: a path into the arguments, or a constant of the query. */
type Slot = { path: readonly (string | number)[] } | { value: unknown };

interface Compiled {
  sql: string;
  query: RootOperationNode;
  slots: Slot[];
  /** The arguments' structure it was built for. */
  structure: Structure;
}

/**
 * The arguments' structure, to check new arguments against without building their key: a leaf
 * that is set (0) or undefined (1), an array of structures, or a plain object's keys in order.
 */
type Structure = 0 | 1 | Structure[] | { keys: string[]; of: Structure[] };

/** A query builder or a raw `sql` template (whose compile() needs the database). */
type Buildable<R> = { compile(db: Kysely<Database>): CompiledQuery<R> };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The arguments' structure as a key, and the same structure with a marker at each leaf. A leaf
 * that is undefined stays undefined (Kysely leaves such a column out of an insert).
 */
function markersOf(args: unknown, paths: (string | number)[][], at: (string | number)[]): unknown {
  if (Array.isArray(args)) return args.map((v, i) => markersOf(v, paths, [...at, i]));
  if (isPlainObject(args)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(args)) out[k] = markersOf(args[k], paths, [...at, k]);
    return out;
  }
  if (args === undefined) return undefined;
  paths.push(at);
  return `${MARK}${paths.length - 1}`;
}

/** The structure of the arguments: array lengths, present keys, undefined leaves. */
function keyOf(args: unknown): string {
  if (Array.isArray(args)) {
    let s = '[';
    for (const v of args) s += `${keyOf(v)},`;
    return `${s}]`;
  }
  if (isPlainObject(args)) {
    let s = '{';
    for (const k in args) s += `${k}:${keyOf(args[k])},`;
    return `${s}}`;
  }
  return args === undefined ? 'u' : '';
}

function structureOf(args: unknown): Structure {
  if (Array.isArray(args)) return args.map(structureOf);
  if (isPlainObject(args)) {
    const keys = Object.keys(args);
    return { keys, of: keys.map((k) => structureOf(args[k])) };
  }
  return args === undefined ? 1 : 0;
}

/** Whether `args` has this structure: what `keyOf` would tell, without making a string. */
function hasStructure(s: Structure, args: unknown): boolean {
  if (s === 0 || s === 1) {
    if (typeof args !== 'object' || args === null) return (args === undefined) === (s === 1);
    return s === 0 && !Array.isArray(args) && !isPlainObject(args);
  }
  if (Array.isArray(s)) {
    if (!Array.isArray(args) || args.length !== s.length) return false;
    for (let i = 0; i < s.length; i++) if (!hasStructure(s[i]!, args[i])) return false;
    return true;
  }
  if (!isPlainObject(args)) return false;
  let i = 0;
  for (const k in args) {
    if (k !== s.keys[i] || !hasStructure(s.of[i]!, args[k])) return false;
    i++;
  }
  return i === s.keys.length;
}

function valueAt(args: unknown, path: readonly (string | number)[]): unknown {
  let v = args as Record<string | number, unknown>;
  for (const p of path) v = v[p] as Record<string | number, unknown>;
  return v;
}

/** A query shape: see the comment above `QueryShape`. */
export function compiledQuery<A, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R> | RawBuilder<R>,
): QueryShape<A, R> {
  /** Per Kysely instance (its adapter), per structure of the arguments. */
  const cache = new WeakMap<object, Map<string, Compiled>>();
  /**
   * The structure used last and the adapter it was for: most queries have one structure, and
   * checking it costs less than building the arguments' key and looking it up (issue 21).
   */
  let last: { adapter: object; compiled: Compiled } | undefined;

  function compiledFor(db: Kysely<Database>, args: A): Compiled | undefined {
    const adapter = db.getExecutor().adapter;
    if (last && last.adapter === adapter && hasStructure(last.compiled.structure, args)) return last.compiled;
    let shapes = cache.get(adapter);
    if (!shapes) cache.set(adapter, (shapes = new Map<string, Compiled>()));
    const key = keyOf(args);
    let c = shapes.get(key);
    if (!c && shapes.size >= MAX_SHAPES) return undefined;
    if (!c) {
      const paths: (string | number)[][] = [];
      // A query builder's compile() takes nothing; a raw `sql` template's takes the database.
      const q = (build(db, markersOf(args, paths, []) as A) as Buildable<R>).compile(db);
      if (q.sql.includes(MARK))
        throw new Error('compiledQuery: an argument was used in the SQL text, not as a value');
      const seen = new Set<number>();
      const slots: Slot[] = q.parameters.map((p) => {
        if (typeof p === 'string' && p.startsWith(MARK)) {
          const n = Number(p.slice(MARK.length));
          seen.add(n);
          return { path: paths[n]! };
        }
        if (typeof p === 'string' && p.includes(MARK))
          throw new Error('compiledQuery: an argument was changed before it became a parameter');
        return { value: p };
      });
      // Every value given must reach the query: one that did not was decided on, or dropped.
      if (seen.size !== paths.length)
        throw new Error('compiledQuery: an argument did not become a parameter of the query');
      c = { sql: q.sql, query: q.query, slots, structure: structureOf(args) };
      shapes.set(key, c);
      if (adapter instanceof PostgresAdapter) prepareByName(q.sql);
    }
    last = { adapter, compiled: c };
    return c;
  }

  function compile(db: Kysely<Database>, args: A): CompiledQuery<R> {
    const c = compiledFor(db, args);
    // Past its last shape (a document of many lines), the query is built in full as Kysely would.
    if (!c) return (build(db, args) as Buildable<R>).compile(db);
    const parameters = c.slots.map((s) => ('path' in s ? valueAt(args, s.path) : s.value));
    return { sql: c.sql, query: c.query, parameters, queryId: { queryId: '' } };
  }

  function kept(db: Kysely<Database>, args: A): Promise<readonly R[]> {
    const driver = groupDriverOf(db);
    const q = compile(db, args);
    const read = async () => (await executeCompiled<R>(db, q)).rows;
    if (!driver) return read();
    const tables = driver.tablesIn(q.sql);
    if (!tables) return read();
    return keptRead(db, `q:${q.sql}\u0000${JSON.stringify(q.parameters)}`, tables as never, read);
  }

  return {
    compile,
    kept,
    uncached: (db, args) => (build(db, args) as Buildable<R>).compile(db),
    run: (db, args) => executeCompiled<R>(db, compile(db, args)),
    all: async (db, args) => (await executeCompiled<R>(db, compile(db, args))).rows,
    first: async (db, args) => (await executeCompiled<R>(db, compile(db, args))).rows[0],
  };
}
