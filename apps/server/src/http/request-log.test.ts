import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { TestClock, testConfig } from '../test/test-app.js';
import { freshDatabase } from '../test/test-db.js';

/** The app with a logger at `level` writing its JSON lines into `lines`. */
async function appLogging(level: string, lines: Record<string, unknown>[]) {
  const { db, dispose } = await freshDatabase();
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const app = await buildApp({
    deps: { db, config: testConfig(), clock: new TestClock(), version: 'test' },
    logger: { level, stream },
    webRoot: '',
  });
  await app.ready();
  return { app, close: async () => (await app.close(), await dispose()) };
}

describe('request log (issue 21)', () => {
  let opened: { app: FastifyInstance; close: () => Promise<void> } | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('at info, a quick answered request writes nothing', async () => {
    const lines: Record<string, unknown>[] = [];
    opened = await appLogging('info', lines);
    expect((await opened.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(
      (await opened.app.inject({ url: '/api/products/0193c000-0000-7000-8000-000000000001' })).statusCode,
    ).toBe(401);
    expect(lines).toEqual([]);
  });

  it('at debug, one line per request with the route pattern, never the URL with its ids', async () => {
    const lines: Record<string, unknown>[] = [];
    opened = await appLogging('debug', lines);
    const id = '0193c000-0000-7000-8000-000000000001';
    await opened.app.inject({ url: `/api/products/${id}?q=secret` });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', route: '/api/products/:id', status: 401 });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(id);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
