import type SQLite from 'better-sqlite3';

/** What `TableChanges` needs to know of the schema: read again after a schema change. */
export interface SchemaReader {
  /** Every foreign key with its actions; null when the database has a trigger (a write's reach is then unknown). */
  foreignKeys(): ForeignKeyAction[] | null;
  /** The names of the tables; null when the database has a view (its name does not tell what it reads). */
  tables(): string[] | null;
}

/** One foreign key as SQLite lists it: `child` references `parent`, with its actions. */
export interface ForeignKeyAction {
  child: string;
  parent: string;
  on_delete: string;
  on_update: string;
}

/** What a foreign key may do to its child's rows when its parent's change: all but NO ACTION and RESTRICT. */
const ACTS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);

/**
 * The tables a statement writes, by its text: `insert into`, `replace into`, `update`, `delete
 * from` (with `or …`), the table double-quoted or bare, with a schema or not (the last part
 * counts: a `temp` table of the same name only adds reads again). Not an upsert's `do update`
 * nor a foreign key's `on update`: an upsert whose table is written some other way (brackets, a
 * comment in the way) then names no table, and counts for every table.
 */
const WRITES =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|(?<!\b(?:do|on)\s+)update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:(?:"[^"]+"|[A-Za-z_]\w*)\s*\.\s*)?(?:"([^"]+)"|([A-Za-z_]\w*))/gi;
/** A schema change, after any comments. */
const SCHEMA_CHANGE = /^\s*(?:(?:--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)\s*)*(?:create|alter|drop)\b/i;
/** Every name in a statement, quoted or not. */
const NAMES = /"([^"]+)"|([A-Za-z_]\w*)/g;
/** Most statement texts whose tables are kept; past it the list starts again. */
const KEPT_TEXTS = 2000;

/**
 * The writes a SQLite connection has run, counted per table (issue 21): a read kept while the
 * tables it reads are unchanged (`keptRead`) is answered again after a sale, which writes none of
 * the session's tables. A write counts for the tables it names and for every table a foreign key's
 * action reaches from them (none has one today; one with `on delete cascade` would make a delete
count for the child table too). Whatever cannot be told
 * apart (a rollback, a failed statement, a statement that names no table, a schema change) moves
 * every stamp.
 */
export class TableChanges {
  #all = 0;
  #writes = 0;
  readonly #byTable = new Map<string, number>();
  /** The tables each read's text names; null: none. */
  readonly #reads = new Map<string, string[] | null>();
  /** The tables each statement text writes, with those its foreign keys reach; null: any table. */
  readonly #targets = new Map<string, readonly string[] | null>();
  /** Per table, the tables its foreign keys' actions reach (itself included), read from the schema. */
  #reach: Map<string, string[]> | null = null;
  /** The database's tables, read from the schema; null: not read yet; empty: reads are not told apart. */
  #tableNames: Set<string> | null = null;
  /** A schema change ran since the last `any()`: a rollback may bring the old schema back. */
  #schemaChanged = false;
  readonly #schema: SchemaReader;

  constructor(schema: SchemaReader) {
    this.#schema = schema;
  }

  /**
   * The tables a read names anywhere in its text (a column or an alias with a table's name adds
   * one more table to watch, never one less); null when it names none.
   */
  tablesIn(sqlText: string): string[] | null {
    let tables = this.#reads.get(sqlText);
    if (tables !== undefined) return tables;
    this.#tableNames ??= new Set((this.#schema.tables() ?? []).map((t) => t.toLowerCase()));
    const out = new Set<string>();
    for (const m of sqlText.matchAll(NAMES)) {
      const name = (m[1] ?? m[2]!).toLowerCase();
      if (this.#tableNames.has(name)) out.add(name);
    }
    tables = out.size > 0 ? [...out] : null;
    if (this.#reads.size >= KEPT_TEXTS) this.#reads.clear();
    this.#reads.set(sqlText, tables);
    return tables;
  }

  /** Something changed that may have touched any table (a rollback among them). */
  any(): void {
    this.#all++;
    if (this.#schemaChanged) this.#forgetSchema();
  }

  #forgetSchema(): void {
    this.#schemaChanged = false;
    this.#reach = null;
    this.#tableNames = null;
    this.#targets.clear();
    this.#reads.clear();
  }

  /** A statement that may write ran (or is about to run) with this text. */
  wrote(sqlText: string): void {
    this.#writes++;
    let targets = this.#targets.get(sqlText);
    if (targets === undefined) {
      if (SCHEMA_CHANGE.test(sqlText)) {
        // the foreign keys may be others now: read them again, and the statements' reach with them
        this.#forgetSchema();
        this.#schemaChanged = true;
        this.#all++;
        return;
      }
      targets = this.#targetsOf(sqlText);
      if (this.#targets.size >= KEPT_TEXTS) this.#targets.clear();
      this.#targets.set(sqlText, targets);
    }
    if (targets === null) {
      this.#all++;
      return;
    }
    for (const t of targets) this.#byTable.set(t, (this.#byTable.get(t) ?? 0) + 1);
  }

  /** Equal stamps for the same tables: none of them written in between (nor anything unknown). */
  stamp(tables?: readonly string[]): string {
    if (!tables) return `${this.#all}.${this.#writes}`;
    let sum = 0;
    for (const t of tables) sum += this.#byTable.get(t) ?? 0;
    return `${this.#all}.${sum}`;
  }

  #targetsOf(sqlText: string): readonly string[] | null {
    const named = new Set<string>();
    for (const m of sqlText.matchAll(WRITES)) named.add((m[1] ?? m[2]!).toLowerCase());
    if (named.size === 0) return null;
    const reach = this.#reachByTable();
    if (!reach) return null;
    const out = new Set<string>();
    for (const t of named) for (const r of reach.get(t) ?? [t]) out.add(r);
    return [...out];
  }

  #reachByTable(): Map<string, string[]> | null {
    if (this.#reach !== null) return this.#reach;
    const foreignKeys = this.#schema.foreignKeys();
    if (!foreignKeys) return null;
    const children = new Map<string, string[]>();
    for (const fk of foreignKeys) {
      if (!ACTS.has(fk.on_delete.toUpperCase()) && !ACTS.has(fk.on_update.toUpperCase())) continue;
      const parent = fk.parent.toLowerCase();
      children.set(parent, [...(children.get(parent) ?? []), fk.child.toLowerCase()]);
    }
    const reach = new Map<string, string[]>();
    for (const parent of children.keys()) {
      const seen = new Set([parent]);
      const queue = [parent];
      for (let t = queue.pop(); t !== undefined; t = queue.pop())
        for (const c of children.get(t) ?? [])
          if (!seen.has(c)) {
            seen.add(c);
            queue.push(c);
          }
      reach.set(parent, [...seen]);
    }
    return (this.#reach = reach);
  }
}

/** The schema of a SQLite database as `TableChanges` reads it. */
export function schemaOf(sqlite: SQLite.Database): SchemaReader {
  return {
    foreignKeys: () => {
      // a trigger may write any table: no write's reach can be told from its text
      if (sqlite.prepare(`select 1 from sqlite_master where type = 'trigger' limit 1`).get()) return null;
      return sqlite
        .prepare(
          `select m.name as child, p."table" as parent, p.on_delete, p.on_update
           from sqlite_master as m join pragma_foreign_key_list(m.name) as p
           where m.type = 'table'`,
        )
        .all() as ForeignKeyAction[];
    },
    tables: () => {
      const rows = sqlite
        .prepare(`select type, name from sqlite_master where type in ('table', 'view')`)
        .all() as {
        type: string;
        name: string;
      }[];
      // a view reads tables its name does not tell: then no read is kept by its text
      return rows.some((r) => r.type === 'view') ? null : rows.map((r) => r.name);
    },
  };
}
