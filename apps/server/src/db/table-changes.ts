import type SQLite from 'better-sqlite3';

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
 * from` (with `or …` and a `main.` schema), quoted or not. An upsert's `do update set` also reads
 * as a write to a table named `set`, which no read names: harmless.
 */
const WRITES =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:(?:"main"|main)\s*\.\s*)?(?:"([^"]+)"|([A-Za-z_]\w*))/gi;
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\b/i;
/** Most statement texts whose tables are kept; past it the list starts again. */
const KEPT_TEXTS = 2000;

/**
 * The writes a SQLite connection has run, counted per table (issue 21): a read kept while the
 * tables it reads are unchanged (`keptRead`) is answered again after a sale, which writes none of
 * the session's tables. A write counts for the tables it names and for every table a foreign key's
 * action reaches from them (a user deleted deletes their sessions). Whatever cannot be told
 * apart (a rollback, a failed statement, a statement that names no table, a schema change) moves
 * every stamp.
 */
export class TableChanges {
  #all = 0;
  #writes = 0;
  readonly #byTable = new Map<string, number>();
  /** The tables each statement text writes, with those its foreign keys reach; null: any table. */
  readonly #targets = new Map<string, readonly string[] | null>();
  /** Per table, the tables its foreign keys' actions reach (itself included), read from the schema. */
  #reach: Map<string, string[]> | null = null;
  readonly #foreignKeys: () => ForeignKeyAction[];

  constructor(foreignKeys: () => ForeignKeyAction[]) {
    this.#foreignKeys = foreignKeys;
  }

  /** Something changed that may have touched any table. */
  any(): void {
    this.#all++;
  }

  /** A statement that may write ran (or is about to run) with this text. */
  wrote(sqlText: string): void {
    this.#writes++;
    let targets = this.#targets.get(sqlText);
    if (targets === undefined) {
      if (SCHEMA_CHANGE.test(sqlText)) {
        // the foreign keys may be others now: read them again, and the statements' reach with them
        this.#reach = null;
        this.#targets.clear();
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
    const out = new Set<string>();
    for (const t of named) for (const r of reach.get(t) ?? [t]) out.add(r);
    return [...out];
  }

  #reachByTable(): Map<string, string[]> {
    if (this.#reach) return this.#reach;
    const children = new Map<string, string[]>();
    for (const fk of this.#foreignKeys()) {
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

/** Every foreign key of the database with its actions, for `TableChanges`. */
export function foreignKeysOf(sqlite: SQLite.Database): () => ForeignKeyAction[] {
  return () =>
    sqlite
      .prepare(
        `select m.name as child, p."table" as parent, p.on_delete, p.on_update
         from sqlite_master as m join pragma_foreign_key_list(m.name) as p
         where m.type = 'table'`,
      )
      .all() as ForeignKeyAction[];
}
