import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  type Branch,
  branchFetch,
  branchSignIn,
  digestBranch,
  joinBranch,
  startBranch,
} from '../support/sync-branch.mjs';
import {
  SHOP_ADMIN,
  compareDigests,
  digestBusiness,
  hostedSession,
  linkLocalToHosted,
  localFetch,
  startHosted,
  startLocal,
  stopAll,
} from '../support/sync-stack.mjs';

// Sync part 2 with real processes (ADR 11 §11.8): the first shop PC, a second branch's PC that
// joins with `duka link` on an empty folder, and the hosted site as two processes behind the
// chaos proxy, two-way. Each writes; the proxy drops connections for a while; once it heals, the
// three copies of the business are the same table by table, with no call from the test but the
// writes: the servers' own push and pull jobs carry everything.

test.afterEach(async () => {
  const info = test.info();
  await stopAll({ keep: info.status !== info.expectedStatus });
});

type Digest = Awaited<ReturnType<typeof digestBusiness>>;

async function converged(branch: Branch, businessId: string): Promise<string[]> {
  const hosted: Digest = await digestBusiness('hosted');
  const shop: Digest = await digestBusiness('local');
  const other = await digestBranch(branch, businessId);
  return [
    ...compareDigests(shop, hosted, { names: ['shop', 'hosted'] }),
    ...compareDigests(other, hosted, { names: ['branch', 'hosted'] }),
  ].map((d) => JSON.stringify(d));
}

const product = (name: string, code: string) => ({ id: randomUUID(), name, code, price: 25_000 });

test('two shop PCs and the hosted site, two-way, through a flaky link: all three end the same', async () => {
  test.setTimeout(240_000);
  const hosted = await startHosted();
  await startLocal();
  const { status } = await linkLocalToHosted();
  expect(status).toMatchObject({ state: 'active' });
  const businessId = (await localFetch('/api/business/profile')).body.id as string;
  const twoWay = await localFetch('/api/business/profile', { method: 'PATCH', body: { two_way_sync: true } });
  expect(twoWay.status).toBe(200);

  // A second branch's PC, empty, joins with a code and pulls the whole business by itself.
  const branch = await startBranch('branch-b');
  expect(await joinBranch(branch, businessId)).toMatch(/joined/i);
  await expect
    .poll(
      async () =>
        ((await branchFetch(branch, '/api/setup')).body as { setup_required?: boolean }).setup_required,
      { timeout: 60_000 },
    )
    .toBe(false);
  await expect
    .poll(
      async () => {
        try {
          await branchSignIn(branch, SHOP_ADMIN);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  // Beans, sold each, on all three before the link drops: while apart the shop receives some and
  // the branch (none moved there) changes their unit to kg. The shop's stock keeps the unit, on
  // every server (ADR 11 §11.5), and the branch lists its kg among the replaced values.
  const beans = await localFetch('/api/products', { method: 'POST', body: product('Beans', 'BEANS1') });
  expect(beans.status).toBe(201);
  const beansUrl = `/api/products/${beans.body.id as string}`;
  await expect.poll(async () => (await branchFetch(branch, beansUrl)).status, { timeout: 60_000 }).toBe(200);
  const supplier = await localFetch('/api/suppliers', { method: 'POST', body: { name: 'Bidco' } });
  const [shopPlace] = (await localFetch('/api/locations')).body as { id: string }[];

  // Writes on all three; the link drops connections meanwhile.
  hosted.chaos.setMode('drop');
  const receipt = await localFetch('/api/stock/receipts', {
    method: 'POST',
    body: {
      id: randomUUID(),
      supplier_id: supplier.body.id,
      location_id: shopPlace!.id,
      lines: [{ product_id: beans.body.id, quantity: 5_000, unit_cost: 18_000 }],
    },
  });
  const toKg = await branchFetch(branch, beansUrl, { method: 'PATCH', body: { unit: 'kg' } });
  expect([receipt.status, toKg.status]).toEqual([201, 200]);
  const atShop = await localFetch('/api/products', { method: 'POST', body: product('Shop Rice', 'RICE1') });
  const atBranch = await branchFetch(branch, '/api/products', {
    method: 'POST',
    body: product('Branch Tea', 'TEA1'),
  });
  expect([atShop.status, atBranch.status]).toEqual([201, 201]);
  await new Promise((r) => setTimeout(r, 3_000));
  hosted.chaos.heal();
  const online = await hostedSession();
  const atHosted = await online('/api/products', { method: 'POST', body: product('Online Soap', 'SOAP1') });
  expect(atHosted.status).toBe(201);
  const renamed = await branchFetch(branch, `/api/products/${atShop.body.id as string}`, {
    method: 'PATCH',
    body: { name: 'Shop Rice 2 kg' },
  });
  // The branch may not have the shop's product yet; when it has, the rename must reach everyone.
  expect([200, 404]).toContain(renamed.status);

  // Every product reaches every server, and then all tables agree.
  for (const fetcher of [
    (p: string) => localFetch(p),
    (p: string) => branchFetch(branch, p),
    (p: string) => online(p),
  ])
    await expect
      .poll(
        async () =>
          ((await fetcher('/api/products')).body as { code: string }[])
            .map((x) => x.code)
            .filter((c) => ['RICE1', 'TEA1', 'SOAP1'].includes(c))
            .sort(),
        { timeout: 90_000 },
      )
      .toEqual(['RICE1', 'SOAP1', 'TEA1']);
  await expect.poll(() => converged(branch, businessId), { timeout: 90_000, intervals: [2_000] }).toEqual([]);
  const units = await Promise.all([localFetch(beansUrl), branchFetch(branch, beansUrl), online(beansUrl)]);
  expect(units.map((r) => (r.body as { unit: string }).unit)).toEqual(['each', 'each', 'each']);
  const replaced = await branchFetch(branch, `/api/history/product/${beans.body.id as string}`);
  expect((replaced.body as { items: unknown[] }).items).toMatchObject([
    { field: 'unit', reason: 'unit_in_use', value: { unit: 'kg' }, won_value: { unit: 'each' } },
  ]);
});
