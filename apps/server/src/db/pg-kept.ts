import type { DialectAdapter } from 'kysely';
import pg from 'pg';
import { deepFreeze } from './kept-read.js';
import { KEPT_SYNC_COLUMNS } from './migrations/0030-kept-sync-notices.js';

/**
 * Reads a hosted server answers again without asking PostgreSQL, until a write anywhere says they
 * changed (issue 21). A hosted server is several processes on one database, so nothing in one
 * process sees another's writes, and every signed-in request read its session, user and business:
 * one round trip of a sale's nine, and all of the database work of the tills' small polls.
 *
 * How a process learns of a change:
 * - **other processes' writes**: triggers on the kept tables (migration 0023) send a tag of each
 *   changed row with `pg_notify('duka_kept', …)` as its transaction commits; every process
 *   listens on its own connection (`listen`) and drops what carries that tag;
 * - **its own writes**: its connections see every statement they send (`PreparingClient`); one
 *   that writes a kept table drops everything kept once it has committed, before the request that
 *   made it is answered, so the next request of that user, on this process, sees it;
 * - **a read racing a change**: a read is kept only if no change to its tags (nor to everything)
 *   arrived while it ran; a change to other rows does not stop it (a busy hosted server hears
 *   of other businesses' sessions and counts all the time, and schemas sharing one database, as
 *   the tests' do, hear each other's notices);
 * - **a lost listener**: while the listening connection is down (and until it listens again)
 *   nothing is kept and everything is read, as before; each kept read is also read again after
 *   `KEPT_MS` whatever happens;
 * - **a silent listener** (a connection dead without a word, as a cut network leaves it): it is
 *   asked `select 1` every `HEARTBEAT_MS`; one not answered within that time is taken as lost,
 *   and nothing is answered from what is kept once the last word from it is two beats old. A
 *   silent connection kept everything up to `KEPT_MS` before.
 *
 * Between another process's commit and its notice arriving (a few milliseconds on one machine)
 * this process may still answer what it kept: a session signed out there may do one more request
 * here. The shop's SQLite has its own way (`keptRead`, one process).
 */
export const KEPT_CHANNEL = 'duka_kept';

/** The tags of the kept tables' rows, as migration 0023's triggers send them. */
export const keptTag = {
  session: (tokenHash: string) => `s:${tokenHash}`,
  user: (userId: string) => `u:${userId}`,
  business: (businessId: string) => `b:${businessId}`,
};

/**
 * The tables kept reads read (a session: sessions, users, businesses, sync_servers; `GET /api/me`:
 * user_locations, stock_counts), and a statement that writes one (any such table: the whole text
 * is read).
 */
const KEPT_TABLES = 'sessions|users|businesses|sync_servers|user_locations|stock_counts';
const WRITES_KEPT = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${KEPT_TABLES})"?[\\s(]`,
  'i',
);
const CHANGES_KEPT = new RegExp(`\\b(?:update|delete\\s+from)\\s+"?(?:${KEPT_TABLES})"?[\\s(]`, 'i');

/**
 * Writes to a kept table that change nothing kept: a new session (a token not kept is read at its
 * first request), and a sync server's contact times and cursors (only `KEPT_SYNC_COLUMNS`
 * count, as migration 0030's trigger has it). Every push, pull and sign-in dropped all kept.
 */
const NEW_SESSION = /^\s*insert\s+into\s+"?sessions"?[\s(]/i;
const SYNC_UPDATE = /^\s*update\s+"?sync_servers"?\s+set\s+([\s\S]*?)\s+where\s/i;
function changesNothingKept(sqlText: string): boolean {
  if (NEW_SESSION.test(sqlText)) return !CHANGES_KEPT.test(sqlText);
  const set = SYNC_UPDATE.exec(sqlText)?.[1];
  if (set === undefined || /\b(?:insert|update|delete)\b/i.test(set)) return false;
  const columns = [...set.matchAll(/"?(\w+)"?\s*=/g)].map((m) => m[1]!);
  return columns.length > 0 && !columns.some((c) => (KEPT_SYNC_COLUMNS as readonly string[]).includes(c));
}

/**
 * Writes to a kept table whose caller drops what they change itself, by its tag (`changed`), so
 * that sending one does not drop everything: a session's `last_seen_at`, moved once a minute by
 * each of them.
 */
const DROPS_ITS_OWN = new Set<string>();
export function dropsItsOwn(sqlText: string): void {
  DROPS_ITS_OWN.add(sqlText);
}

/** The changes remembered for reads that were running while they arrived; past it they are not kept. */
const RECENT_CHANGES = 1_024;
/** Most reads kept per process; past it the oldest goes. */
const MOST_KEPT = 5_000;
/** A kept read is read again after this long, notice or not. */
export const KEPT_MS = 30_000;
/** The wait before listening again after the connection was lost, doubling up to the second. */
const RETRY_MS = [1_000, 30_000] as const;
/** How often the listening connection is asked whether it is there, and how long it has to answer. */
export const HEARTBEAT_MS = 5_000;

interface Entry {
  value: unknown;
  tags: readonly string[];
  at: number;
}

export class PgKept {
  #entries = new Map<string, Entry>();
  #byTag = new Map<string, Set<string>>();
  /** Moves on every change. */
  #generation = 0;
  /** The last changes' tags (null: everything), the newest at generation `#generation`. */
  #recent: (string | null)[] = [];
  #listener: pg.Client | undefined;
  #live = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  #beat: NodeJS.Timeout | undefined;
  #retryMs: number = RETRY_MS[0];
  readonly #config: pg.ClientConfig;
  readonly #heartbeatMs: number;
  /** When the listening connection last answered or sent a notice. */
  #heardAt = 0;
  #onLost: (err: unknown) => void = () => {};

  constructor(config: pg.ClientConfig, options: { heartbeatMs?: number } = {}) {
    // the system's own probes close a dead socket in the end (the heartbeat notices it sooner)
    this.#config = { ...config, keepAlive: true };
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /** The database's process of the listening connection (for the tests). */
  get listenerProcessId(): number | undefined {
    return (this.#listener as { processID?: number } | undefined)?.processID;
  }

  /** Whether reads are kept now (the listener is listening). */
  get live(): boolean {
    return this.#live && Date.now() - this.#heardAt <= 2 * this.#heartbeatMs;
  }

  /**
   * The value under `key`, kept; else `read()`, kept under the tags `tagsOf` gives it (undefined:
   * not kept, e.g. no such row) when nothing changed while it ran. The value is frozen.
   */
  async read<T>(
    key: string,
    tagsOf: (value: T) => readonly string[] | undefined,
    read: () => Promise<T>,
  ): Promise<T> {
    if (!this.live) return read();
    const now = Date.now();
    const kept = this.#entries.get(key);
    if (kept && now - kept.at < KEPT_MS) return kept.value as T;
    const generation = this.#generation;
    const value = await read();
    const tags = tagsOf(value);
    if (tags && this.live && !this.#changedSince(generation, tags))
      this.#keep(key, deepFreeze(value), tags, now);
    return value;
  }

  /** Whether a change to one of `tags` (or to everything) arrived after `generation`. */
  #changedSince(generation: number, tags: readonly string[]): boolean {
    const count = this.#generation - generation;
    if (count === 0) return false;
    if (count > this.#recent.length) return true; // forgotten: taken as changed
    for (let i = this.#recent.length - count; i < this.#recent.length; i++) {
      const tag = this.#recent[i]!;
      if (tag === null || tags.includes(tag)) return true;
    }
    return false;
  }

  /** Drops what carries `tag`, or everything (null). */
  changed(tag: string | null): void {
    this.#generation++;
    this.#recent.push(tag);
    if (this.#recent.length > RECENT_CHANGES)
      this.#recent.splice(0, this.#recent.length - RECENT_CHANGES / 2);
    if (tag === null) {
      this.#entries.clear();
      this.#byTag.clear();
      return;
    }
    const keys = this.#byTag.get(tag);
    if (!keys) return;
    for (const key of keys) this.#drop(key);
  }

  /** Whether a statement writes a kept table (its sender drops everything once it has committed). */
  writesKept(sqlText: string): boolean {
    return !DROPS_ITS_OWN.has(sqlText) && WRITES_KEPT.test(sqlText) && !changesNothingKept(sqlText);
  }

  /**
   * Starts listening for other processes' changes (a connection of its own); keeps nothing until
   * then. `onLost` hears why the connection was lost, each time (it listens again by itself).
   */
  listen(onLost?: (err: unknown) => void): void {
    if (onLost) this.#onLost = onLost;
    if (this.#listener || this.#closed) return;
    const client = new pg.Client(this.#config);
    this.#listener = client;
    const lost = (err?: unknown) => {
      if (this.#listener !== client) return;
      clearInterval(this.#beat);
      this.#listener = undefined;
      this.#live = false;
      this.changed(null);
      client.removeAllListeners();
      client.on('error', () => {}); // the socket's last words
      void client.end().catch(() => {});
      // a silent socket never answers the goodbye: closed here, not left to the system's probes
      (client as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      this.#onLost(err ?? new Error('the listening connection ended'));
      if (this.#closed) return;
      this.#retry = setTimeout(() => this.listen(), this.#retryMs);
      this.#retry.unref();
      this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MS[1]);
    };
    client.on('notification', (n) => {
      this.#heardAt = Date.now();
      if (n.channel === KEPT_CHANNEL) this.changed(n.payload ?? null);
    });
    let asking = false;
    const ask = () => {
      if (asking || this.#listener !== client) return;
      asking = true;
      const silent = setTimeout(
        () => lost(new Error('the listening connection did not answer')),
        this.#heartbeatMs,
      );
      silent.unref();
      client.query('select 1').then(
        () => {
          asking = false;
          clearTimeout(silent);
          this.#heardAt = Date.now();
        },
        (err: unknown) => {
          clearTimeout(silent);
          lost(err);
        },
      );
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client
      .connect()
      .then(() => client.query(`LISTEN ${KEPT_CHANNEL}`))
      .then(() => {
        if (this.#listener !== client) return;
        // what changed before it listened was never heard of: start from nothing
        this.changed(null);
        this.#heardAt = Date.now();
        this.#live = true;
        this.#retryMs = RETRY_MS[0];
        this.#beat = setInterval(ask, this.#heartbeatMs);
        this.#beat.unref();
      })
      .catch(lost);
  }

  /** Stops listening and keeps nothing more. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#beat);
    const client = this.#listener;
    this.#listener = undefined;
    this.#live = false;
    this.changed(null);
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }

  #keep(key: string, value: unknown, tags: readonly string[], at: number): void {
    this.#drop(key);
    if (this.#entries.size >= MOST_KEPT) this.#drop(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, tags, at });
    for (const tag of tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}

/** Each PostgreSQL database's kept reads, by its Kysely adapter (shared by its transactions). */
const byAdapter = new WeakMap<DialectAdapter, PgKept>();

export function registerPgKept(
  db: { getExecutor(): { readonly adapter: DialectAdapter } },
  kept: PgKept,
): void {
  byAdapter.set(db.getExecutor().adapter, kept);
}

/** The database's kept reads, when it is a PostgreSQL database. */
export function pgKeptOf(db: { getExecutor(): { readonly adapter: DialectAdapter } }): PgKept | undefined {
  return byAdapter.get(db.getExecutor().adapter);
}
