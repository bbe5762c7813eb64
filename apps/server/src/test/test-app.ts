import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import { freshDatabase } from './test-db.js';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * The KEY_ENCRYPTION_KEY every test app runs with, so the sealed printing keys are what tests
 * exercise (a test that wants plain keys overrides it with undefined). Servers started as
 * processes in tests take it as `KEY_ENCRYPTION_KEY=<this, base64>`.
 */
export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    logLevel: (process.env.TEST_LOG as 'silent') ?? 'silent',
    publicUrl: undefined,
    secureCookies: false,
    sessionIdleMs: 12 * 3600_000,
    sessionMaxMs: 7 * 24 * 3600_000,
    mode: 'local',
    backupDir: '/nonexistent/backups',
    trustProxy: false,
    allowedHosts: [],
    maxImageStorageBytes: 200_000_000,
    keyEncryptionKey: TEST_KEY_ENCRYPTION_KEY,
    sqliteSynchronous: 'FULL',
    pgKeptReads: true,
    pgPoolMax: 10,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The real app over HTTP injection, on a fresh database of the dialect under test (or on the
 * database given, which `close` then closes).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  given?: { db: Db; dispose: () => Promise<void> },
): Promise<TestApp> {
  const { db, dispose } = given ?? (await freshDatabase());
  const clock = new TestClock();
  const app = await buildApp({
    deps: { db, config: testConfig(overrides), clock, version: 'test' },
    webRoot: '',
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'duka_session');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `duka_session=${c.value}`;
}
