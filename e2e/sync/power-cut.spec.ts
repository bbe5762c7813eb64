import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { v7 } from 'uuid';
import { prng, resolveSeed } from '../support/chaos-proxy.mjs';
import { ShopMix } from '../support/sync-mix';
import { sendOnce, uploadImage } from '../support/sync-send';
import {
  compareDigests,
  digestBusiness,
  hostedSql,
  killLocal,
  linkLocalToHosted,
  localFetch,
  restartLocal,
  stack,
  startHosted,
  startLocal,
  stopAll,
  waitUntilSynced,
} from '../support/sync-stack.mjs';

// ADR 11 §9.2 and §9.6, "power cut": the PC's database goes back to a copy taken before its last
// acknowledged batch (what a power cut would leave if the -wal file had not been synced before
// sending, or a restore of an older backup). Its journal numbers after the copy are then reused by
// new writes with new ids: the next push must stop as diverged, and the hosted business must not
// change at all.

const SEED = resolveSeed(process.env.DUKA_SYNC_SEED);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DB_FILES = ['duka.sqlite', 'duka.sqlite-wal', 'duka.sqlite-shm'];

/** The database files of a stopped server, copied to `to` (a missing -wal or -shm is left out). */
function copyDatabase(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const f of DB_FILES) {
    fs.rmSync(path.join(to, f), { force: true });
    if (fs.existsSync(path.join(from, f))) fs.copyFileSync(path.join(from, f), path.join(to, f));
  }
}

const send = sendOnce(localFetch);
const upload = (png: Buffer) => uploadImage(localFetch, png);

test.afterEach(async () => {
  const info = test.info();
  const failed = info.status !== info.expectedStatus;
  if (failed) console.log(`power cut FAILED: replay with DUKA_SYNC_SEED=${SEED}`);
  await stopAll({ keep: failed });
});

test('a PC whose database went back to before its last acknowledged batch stops as diverged; the hosted copy does not change', async () => {
  const t0 = Date.now();
  const timings: string[] = [];
  const [, local] = await Promise.all([startHosted({ seed: SEED }), startLocal()]);
  timings.push(`stack ${Date.now() - t0} ms`);
  const mix = new ShopMix(prng(SEED), send, upload);
  await mix.setUp();
  for (let i = 0; i < 30; i++) await mix.step();
  await linkLocalToHosted();

  // The copy, taken while the server is stopped (as a power cut finds the files).
  const saved = fs.mkdtempSync(path.join(path.dirname(local.dataDir), 'duka-sync-powercut-'));
  await killLocal('SIGTERM');
  copyDatabase(local.dataDir, saved);
  await restartLocal();
  const copied = (await localFetch('/api/sync/status')).body as { head: number; cursor: number };

  // More writes, pushed and acknowledged: the hosted side is now past the copy.
  for (let i = 0; i < 30; i++) await mix.step();
  const synced = (await waitUntilSynced()) as { head: number; cursor: number };
  expect(synced.cursor).toBeGreaterThan(copied.head);
  const [server] = await hostedSql('SELECT id, cursor, cursor_entry_id FROM sync_servers');
  expect(Number(server.cursor)).toBe(synced.cursor);
  const before = await digestBusiness('hosted');

  // The power cut: the process dies and the disk holds the older copy.
  await killLocal('SIGKILL');
  copyDatabase(saved, local.dataDir);
  const t1 = Date.now();
  await restartLocal();
  const back = (await localFetch('/api/sync/status')).body as { head: number; cursor: number; state: string };
  expect(back.head).toBeLessThan(synced.cursor);
  expect(back.state).toBe('active');

  // A new sale takes a journal number the hosted side already holds with another entry.
  const [product] = (await send('GET', '/api/products?limit=1')) as { id: string }[];
  const [shop] = (await send('GET', '/api/locations')) as { id: string }[];
  await send('POST', '/api/stock/positive', {
    id: v7(),
    location_id: shop!.id,
    reason: 'found',
    lines: [{ product_id: product!.id, quantity: 5000 }],
  });
  await send('POST', '/api/sales', {
    id: v7(),
    kind: 'cash',
    location_id: shop!.id,
    lines: [{ product_id: product!.id, quantity: 1000 }],
    tendered: 10_000_000,
  });
  let status = { ...back, last_error: null } as {
    state: string;
    last_error: { code: string } | null;
    head: number;
  };
  for (let i = 0; i < 120 && status.state !== 'diverged'; i++) {
    await sleep(250);
    status = (await localFetch('/api/sync/status')).body;
  }
  timings.push(`diverged ${Date.now() - t1} ms after the restart`);
  expect(status).toMatchObject({ state: 'diverged', last_error: { code: 'sync_diverged' } });
  expect(status.head).toBeGreaterThan(back.head);

  // Nothing was written on the hosted side: same business, same cursor.
  expect(compareDigests(before, await digestBusiness('hosted'), { names: ['before', 'after'] })).toEqual([]);
  const [after] = await hostedSql('SELECT id, cursor, cursor_entry_id FROM sync_servers');
  expect(after).toEqual(server);
  // And the stopped push job stays stopped: a further write is not sent either.
  await send('POST', '/api/expense-categories', { name: 'Still diverged' });
  await sleep(2500);
  expect(((await localFetch('/api/sync/status')).body as { state: string }).state).toBe('diverged');
  expect(stack().hosted?.chaos.stats.requests).toBeGreaterThan(0);
  console.log(`power cut timings: ${timings.join(', ')}`);
});
