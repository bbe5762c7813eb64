import http from 'node:http';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { mainLocation, seedSale, stockedProduct } from '../support/seed';
import {
  DEVICE_ID,
  SHOP_ADMIN,
  compareDigests,
  digestBusiness,
  killHostedProcess,
  killLocal,
  restartHostedProcess,
  restartLocal,
  stack,
  startHosted,
  startLocal,
  stopAll,
} from '../support/sync-stack.mjs';

// The sync harness itself (ADR 11 §10), before there is anything to sync: the hosted server as
// two processes behind one address, the local server on its own data folder, the chaos proxy
// between them, a kill -9 of the local server and its restart, and the business digest on each
// side. The sync specs build on it (linkLocalToHosted() links the two once the routes exist).

const timings: string[] = [];
const note = (what: string, ms: number | undefined) => {
  timings.push(`${what}: ${ms} ms`);
  test.info().annotations.push({ type: 'timing', description: `${what}: ${ms} ms` });
};

/** GET /api/health on a new connection each time: which hosted process answered, or the error. */
const health = (url: string) =>
  new Promise<string>((resolve) => {
    const req = http.get(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(`${res.statusCode} from ${String(res.headers['x-duka-backend'])}`));
    });
    req.on('error', (err) => resolve(err.message));
  });

let api: APIRequestContext | undefined;
test.afterEach(async () => {
  const testInfo = test.info();
  await api?.dispose();
  const { stopMs } = await stopAll({ keep: testInfo.status !== testInfo.expectedStatus });
  note('stop all', stopMs);
  console.log(`sync harness timings: ${timings.join(', ')}`);
});

test('the stack starts, a hosted process and the local server come back after kill -9, and the digests tell the sides apart', async () => {
  const t0 = Date.now();
  const [hosted, local] = await Promise.all([startHosted(), startLocal()]);
  note('hosted (database, 2 processes, proxies)', hosted.startMs);
  note('local', local.startMs);
  note('whole stack', Date.now() - t0);

  // One address, two processes, and the chaos proxy in front of it.
  const res = await fetch(`${hosted.chaosUrl}/api/health`);
  expect(await res.json()).toMatchObject({ mode: 'hosted' });
  const served = [await health(hosted.chaosUrl), await health(hosted.chaosUrl)];
  expect(served.sort()).toEqual(['200 from 1', '200 from 2']);
  expect(hosted.businessId).not.toBe(local.businessId);

  // A hosted process killed: the address goes on with the other one; restarted, it serves again.
  expect(await killHostedProcess(0)).toEqual({ code: null, signal: 'SIGKILL' });
  expect([await health(hosted.chaosUrl), await health(hosted.chaosUrl)]).toEqual([
    '200 from 2',
    '200 from 2',
  ]);
  const t1 = Date.now();
  await restartHostedProcess(0);
  note('hosted process restart', Date.now() - t1);
  expect([await health(hosted.chaosUrl), await health(hosted.chaosUrl)].sort()).toEqual([
    '200 from 1',
    '200 from 2',
  ]);

  // The chaos proxy misbehaves when told, and heals.
  hosted.chaos.setMode('drop');
  expect(await health(hosted.chaosUrl)).toMatch(/socket hang up|ECONNRESET/);
  hosted.chaos.heal();
  expect(await health(hosted.chaosUrl)).toMatch(/^200 from/);
  expect(hosted.chaos.stats).toMatchObject({ drop: 1, requests: 8, forwarded: 8, responses: 8 });

  // A few sales on the local server, through its API.
  api = await playwrightRequest.newContext({
    baseURL: local.url,
    extraHTTPHeaders: { 'X-Device-Id': DEVICE_ID },
  });
  const login = await api.post('/api/auth/login', {
    data: { login: SHOP_ADMIN.username, password: SHOP_ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const shop = await mainLocation(api);
  const sugar = await stockedProduct(api, { name: 'Sugar 1kg', code: 'S1', price: 18_000 }, shop, 50);
  for (const units of [1, 2, 3]) {
    await seedSale(api, { kind: 'cash', location_id: shop, lines: [{ product_id: sugar.id, units }] });
  }

  const before = await digestBusiness('local');
  expect(before.tables.get('sales')?.rows).toBe(3);
  expect(compareDigests(before, await digestBusiness('local'))).toEqual([]);

  // kill -9 and a restart on the same data folder: every acknowledged sale is still there.
  expect(await killLocal('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  const again = await restartLocal();
  note('local restart after kill -9', again.startMs);
  expect(again.dataDir).toBe(local.dataDir);
  expect(again.pid).not.toBe(local.pid);
  const after = await digestBusiness('local');
  expect(compareDigests(before, after)).toEqual([]);

  // The same session goes on after the restart; one more sale shows in the digest.
  await seedSale(api, { kind: 'cash', location_id: shop, lines: [{ product_id: sugar.id, units: 4 }] });
  const more = await digestBusiness('local');
  const grown = compareDigests(after, more, { names: ['before', 'after'] });
  expect(grown.map((d) => d.table)).toEqual(expect.arrayContaining(['journal', 'sales', 'sale_lines']));
  expect(grown.find((d) => d.table === 'sales')?.description).toMatch(
    /3 rows on before, 4 on after; first: \S+ only on after/,
  );

  // The hosted placeholder is not the shop's business: the digest says where.
  const other = compareDigests(more, await digestBusiness('hosted'), { names: ['local', 'hosted'] });
  const tables = other.map((d) => d.table);
  expect(tables).toEqual(
    expect.arrayContaining(['businesses', 'locations', 'users', 'journal', 'products', 'sales']),
  );
  expect(other.find((d) => d.table === 'sales')?.description).toMatch(/^sales: 4 rows on local, 0 on hosted/);
  expect(stack().chaos?.stats.requests).toBe(8); // the local server never called the hosted one
});
