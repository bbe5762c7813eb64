// Two server processes on one PostgreSQL database, each its own app, connections and listener of
// kept reads (db/pg-kept.ts): what the kept-read tests of a hosted server run against.
import { sql } from 'kysely';
import pg from 'pg';
import { v7 } from 'uuid';
import { expect, vi } from 'vitest';
import type { Db } from '../db/database.js';
import { KEPT_CHANNEL, type PgKept, pgKeptOf } from '../db/pg-kept.js';
import { type TestApp, buildTestApp } from './test-app.js';
import { freshDatabase } from './test-db.js';

/**
 * Until `ok()` holds, asked every 10 ms for at least `ms` (a notice takes milliseconds; a loaded
 * test machine may take a second or two to connect a listener again).
 */
export async function until(ok: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
  for (let i = 0; i < ms / 10 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 10));
  return ok();
}

/** The kept reads of an app's process. */
export const keptOf = (app: TestApp): PgKept => pgKeptOf(app.db.kysely)!;

/** Two apps on one fresh database, both listening. */
export async function twoProcesses(): Promise<{ a: TestApp; b: TestApp }> {
  const fresh = await freshDatabase();
  const a = await buildTestApp({}, fresh);
  const other: Db = fresh.openAgain!();
  const b = await buildTestApp({}, { db: other, dispose: () => other.close() });
  expect(await until(() => keptOf(a).live && keptOf(b).live)).toBe(true);
  return { a, b };
}

/**
 * Every notice committed so far has reached `app`'s process: PostgreSQL hands them over in commit
 * order, so a marker sent now arrives after them.
 */
export async function heardAllOn(app: TestApp): Promise<void> {
  const changed = vi.spyOn(keptOf(app), 'changed');
  try {
    const marker = `test:${v7()}`;
    await sql`select pg_notify(${KEPT_CHANNEL}, ${marker})`.execute(app.db.kysely);
    expect(await until(() => changed.mock.calls.some(([tag]) => tag === marker))).toBe(true);
  } finally {
    changed.mockRestore();
  }
}

/**
 * Plain PostgreSQL connections on `app`'s schema, beside the apps (to hold a row's lock, or ask
 * pg_locks who waits); `end()` closes every one made.
 */
export function rawClients(app: TestApp): { client: () => Promise<pg.Client>; end: () => Promise<void> } {
  const open: pg.Client[] = [];
  return {
    async client() {
      const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(app.db.kysely);
      const c = new pg.Client({
        connectionString: process.env.DATABASE_URL,
        options: `-c search_path=${rows[0]!.s}`,
      });
      await c.connect();
      open.push(c);
      return c;
    },
    async end() {
      for (const c of open.splice(0).reverse()) await c.end().catch(() => {});
    },
  };
}
