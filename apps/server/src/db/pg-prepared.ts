import pg from 'pg';
import type { PgKept } from './pg-kept.js';

/**
 * Named prepared statements on PostgreSQL (issue 21). Kysely sends every statement unnamed, so
 * PostgreSQL parses and plans it again at each call: on the money path that was a good part of the
 * database's CPU per sale. The statements registered here — the query shapes of
 * `compiled-query.ts` and the session lookup, a fixed set of texts — are sent with a name instead:
 * each connection parses one the first time it runs it and afterwards only binds new values.
 *
 * Only registered texts are named: the others (built per request, such as a search with any
 * number of terms) stay unnamed, so a connection holds a bounded number of prepared statements.
 * Not for a transaction-mode connection pooler in front of PostgreSQL (PgBouncer before 1.21),
 * which would send a statement to a connection that never prepared it.
 */
const names = new Map<string, string>();

/** Most texts named; past it, new ones run unnamed (a guard: the shapes are far fewer). */
const MAX_NAMED = 2_000;

/** Sends this SQL text as a named prepared statement from now on. */
export function prepareByName(sqlText: string): void {
  if (names.has(sqlText) || names.size >= MAX_NAMED) return;
  names.set(sqlText, `duka_${names.size.toString(36)}`);
}

/** The name a text is sent under, if it has one (for the tests). */
export function preparedName(sqlText: string): string | undefined {
  return names.get(sqlText);
}

/**
 * Errors after which a named statement cannot be used again on its connection: its result columns
 * changed under it (`0A000` "cached plan must not change result type": a table altered by a
 * migration while this process ran), or the connection no longer has it (`26000`: pg believes it
 * prepared, e.g. after a value pg could not send made it close the statement it had just parsed).
 */
function staleStatement(err: unknown): boolean {
  const { code, message } = err as { code?: string; message?: string };
  return (code === '0A000' && /cached plan/.test(message ?? '')) || code === '26000';
}

type QueryResult = pg.QueryResult<pg.QueryResultRow>;

/** pg's client's settings, with the database's kept reads (db/pg-kept.ts), which its writes move. */
export interface PreparingClientConfig extends pg.ClientConfig {
  dukaKept?: PgKept;
}

/**
 * pg's client, sending registered texts by name. Kysely calls `query(text, values)` and awaits
 * the promise; every other form goes to pg as it is. It also tells the database's kept reads
 * (`PgKept`) when a statement of its writes a kept table: once that statement, or the transaction
 * it was part of, has committed, before its caller hears of it.
 */
export class PreparingClient extends pg.Client {
  readonly #kept: PgKept | undefined;
  /** Kysely sent `begin`, which goes with the next statement. */
  #beginDue = false;
  #inTransaction = false;
  #wroteKept = false;

  constructor(config?: string | PreparingClientConfig) {
    super(config);
    this.#kept = typeof config === 'object' ? config.dukaKept : undefined;
  }

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text === 'string' && callback === undefined) {
      if (text === 'begin' && isEmpty(values) && !this.#beginDue) {
        // Not sent yet: it goes with the transaction's first statement (`#withBegin`).
        this.#beginDue = true;
        if (this.#kept) void this.#moveKept(this.#kept, text, Promise.resolve(BEGUN));
        return Promise.resolve(BEGUN) as never;
      }
      if (this.#beginDue) {
        this.#beginDue = false;
        return this.#withBegin(text, values) as never;
      }
    } else if (this.#beginDue) {
      // Another form (a cursor, a callback): `begin` first. pg's client runs its queries in the
      // order it was given them, so the call need not wait for it.
      this.#beginDue = false;
      this.#send(['begin']).catch(() => {});
    }
    return this.#send(args) as never;
  }

  /**
   * The transaction's first statement, with the `begin` Kysely sent before it (issue 21: a round
   * trip fewer for every transaction). A registered text whose values are all ids goes in one
   * simple-protocol message after `begin`, its ids written in as literals (`inlineIds`); any other
   * statement is sent after `begin` as before. A transaction that ends before its first statement
   * sends nothing.
   */
  async #withBegin(text: string, values: unknown): Promise<QueryResult> {
    if (text === 'commit' || text === 'rollback') {
      if (this.#kept) await this.#moveKept(this.#kept, text, Promise.resolve(BEGUN));
      return { ...BEGUN, command: text.toUpperCase() };
    }
    const inlined = names.has(text) ? inlineIds(text, values) : undefined;
    if (inlined === undefined) {
      await this.#send(['begin']);
      return (await this.#send([text, values])) as QueryResult;
    }
    const results = (await this.#send([`begin; ${inlined}`])) as QueryResult[];
    return results[results.length - 1]!;
  }

  #send(args: unknown[]): Promise<unknown> {
    const [text, values, callback] = args;
    const name = typeof text === 'string' && callback === undefined ? names.get(text) : undefined;
    const run = super.query.bind(this) as (...a: unknown[]) => unknown;
    const sent = name
      ? (run({ name, text, values }) as Promise<QueryResult>).catch((err: unknown) => {
          // The statement is stale on this connection: end the connection (the pool opens a new
          // one, which prepares it afresh); this request fails, as any request under a live
          // migration may.
          if (staleStatement(err)) this.end().catch(() => {});
          throw err;
        })
      : run(...args);
    if (!this.#kept || typeof text !== 'string' || callback !== undefined) return sent as never;
    return this.#moveKept(this.#kept, text, sent as Promise<QueryResult>);
  }

  /** The statement's result, once what it changed of the kept reads is dropped. */
  #moveKept(kept: PgKept, text: string, sent: Promise<QueryResult>): Promise<QueryResult> {
    if (text === 'begin' || text.startsWith('start transaction')) {
      this.#inTransaction = true;
      this.#wroteKept = false;
      return sent;
    }
    if (text === 'commit' || text === 'rollback') {
      const wrote = this.#wroteKept && text === 'commit';
      this.#inTransaction = false;
      this.#wroteKept = false;
      return wrote ? dropAfter(kept, sent) : sent;
    }
    if (!kept.writesKept(text)) return sent;
    if (this.#inTransaction) {
      this.#wroteKept = true;
      return sent;
    }
    return dropAfter(kept, sent);
  }
}

/** What `begin` answers. */
const BEGUN: QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };

const isEmpty = (values: unknown) => values === undefined || (Array.isArray(values) && values.length === 0);

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The text with its parameters written in, when every value is an id (a UUID's 36 characters of
 * hex digits and dashes, nothing to escape) and the text has no literal of its own (no quote:
 * every `$n` in it is a parameter); else undefined. A quoted id is an untyped literal, so the
 * database types it from where it stands, as it types a parameter.
 */
export function inlineIds(text: string, values: unknown): string | undefined {
  if (!Array.isArray(values) || values.length === 0 || text.includes("'") || text.includes('$$'))
    return undefined;
  if (!values.every((v) => typeof v === 'string' && ID.test(v))) return undefined;
  let complete = true;
  const out = text.replace(/\$(\d+)(?!\d)/g, (_m, n: string) => {
    const v = values[Number(n) - 1] as string | undefined;
    if (v === undefined) complete = false;
    return `'${v}'`;
  });
  return complete ? out : undefined;
}

/** `sent`, once it has settled and everything kept has been dropped (whether it failed or not). */
function dropAfter(kept: PgKept, sent: Promise<QueryResult>): Promise<QueryResult> {
  return sent.finally(() => kept.changed(null));
}
