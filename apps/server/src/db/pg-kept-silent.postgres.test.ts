import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_CHANNEL, PgKept } from './pg-kept.js';
import { until } from '../test/pg-processes.js';

/**
 * A listening connection that goes silent (a cut network: no error, no end, nothing) must stop
 * the process answering from what it kept: notices of other processes' changes no longer arrive.
 * The connection runs through a proxy here that stops passing bytes on its open sockets.
 */
describe('the kept reads of a hosted process whose listener goes silent', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

  /** A TCP proxy to PostgreSQL; `silence()` stops every open socket passing bytes, new ones pass. */
  async function proxy() {
    const open: { client: net.Socket; server: net.Socket }[] = [];
    const srv = net.createServer((client) => {
      const server = net.connect(Number(url.port || 5432), url.hostname);
      client.pipe(server);
      server.pipe(client);
      client.on('error', () => server.destroy());
      server.on('error', () => client.destroy());
      open.push({ client, server });
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    cleanups.push(async () => {
      for (const s of open) {
        s.client.destroy();
        s.server.destroy();
      }
      await new Promise((r) => srv.close(r));
    });
    return {
      port: (srv.address() as net.AddressInfo).port,
      silence: () => {
        for (const s of open) {
          s.client.unpipe(s.server);
          s.server.unpipe(s.client);
          s.client.pause();
          s.server.pause();
        }
      },
    };
  }

  it('stops answering what it kept within two heartbeats, says so, and listens again', async () => {
    const p = await proxy();
    const kept = new PgKept(
      {
        host: '127.0.0.1',
        port: p.port,
        user: decodeURIComponent(url.username) || 'postgres',
        database: url.pathname.slice(1) || 'test',
      },
      { heartbeatMs: 200 },
    );
    cleanups.push(() => kept.close());
    const lost: string[] = [];
    kept.listen((err) => lost.push(String(err)));
    expect(await until(() => kept.live)).toBe(true);
    let reads = 0;
    const read = () =>
      kept.read(
        'k',
        () => ['t'],
        () => Promise.resolve(++reads),
      );
    expect(await read()).toBe(1);
    expect(await read()).toBe(1); // kept

    p.silence();
    // another process's change: its notice never arrives through the silent connection
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query(`select pg_notify('${KEPT_CHANNEL}', 't')`);
    expect(await until(() => !kept.live, 1_000)).toBe(true);
    expect(await read()).toBe(2); // read again, not answered from what was kept
    expect(await until(() => lost.some((l) => /did not answer/.test(l)), 1_000)).toBe(true);

    // the next connection passes: it listens again and keeps again
    expect(await until(() => kept.live, 5_000)).toBe(true);
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
    await other.query(`select pg_notify('${KEPT_CHANNEL}', 't')`);
    expect(await until(async () => (await read()) === 4, 2_000)).toBe(true);
  });
});
