import {
  type APIRequestContext,
  type Page,
  type Request,
  type Response,
  expect,
  test,
} from '@playwright/test';
import { apiLoginInPage } from '../support/fixtures';
import { created, levelOf, mainLocation, newId, seedSeller, stockedProduct } from '../support/seed';
import { pickLocation, pickPreset } from '../support/reports';
import { dropWorkDrafts, pick } from '../support/stock-screens';
import { HOSTED_URL, OWNER_A, OWNER_B } from './hosted-env';
import { BACKENDS, createdThrough, signedInApi, watchBackends } from './hosted-support';

/**
 * A stock count on the hosted server (PostgreSQL, two processes behind one round-robin address):
 * A's owner counts in the browser while a colleague counts from another session, the screen's
 * periodic read brings the colleague's entries (only what changed since its last read), the
 * list of open counts says how far the count has gone, and the finalised count corrects the
 * levels. B's owner, at the same address, finds no trace of it.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const SUGAR = {
  name: `Count sugar 1 kg ${RUN}`,
  code: `CSUG${RUN}`,
  barcode: `616300${RUN}01`,
  price: 18_000,
};
const RICE = { name: `Count rice 2 kg ${RUN}`, code: `CRIC${RUN}`, price: 35_000 };
const OIL = { name: `Count oil 1 l ${RUN}`, code: `COIL${RUN}`, price: 32_000 };

let api: APIRequestContext;
let main = '';
const ids: Record<string, string> = {};
/** A's count, once the browser started it. */
let countId = '';

test.beforeAll(async () => {
  api = await signedInApi(OWNER_A);
  main = await mainLocation(api);
  // 12 sugar, 8 rice and 5 oil at Main shop
  for (const [p, units] of [
    [SUGAR, 12],
    [RICE, 8],
    [OIL, 5],
  ] as const)
    ids[p.code] = (await stockedProduct(api, p, main, units)).id;
});

test.afterAll(async () => {
  // a count left open by a failed run would hold Main shop's stock for the specs after this one
  if (countId) {
    const c = await api.get(`/api/stock-counts/${countId}`);
    if (c.ok() && ((await c.json()) as { status: string }).status === 'open')
      await api.post(`/api/stock-counts/${countId}/cancel`);
  }
  await api.dispose();
});

interface CountRead {
  /** When the screen sent it (ms since the epoch). */
  sentAt: number;
  /** The `since` the screen asked with, as sent. */
  asked: string | null;
  status: number;
  /** The answer's own `since` (present when it holds only what changed) and position. */
  since?: number;
  asOf?: number;
  names: string[];
}

/** The count screen's reads of one count, as they come back. */
function watchCountReads(page: Page, id: () => string): CountRead[] {
  const reads: CountRead[] = [];
  const sent = new WeakMap<Request, number>();
  page.on('request', (q: Request) => sent.set(q, Date.now()));
  page.on('response', (r: Response) => {
    const url = new URL(r.url());
    if (r.request().method() !== 'GET' || !id() || url.pathname !== `/api/stock-counts/${id()}`) return;
    const sentAt = sent.get(r.request()) ?? 0;
    void r
      .json()
      .catch(() => null)
      .then((body: { since?: number; as_of?: number; counted: { product_name: string }[] } | null) =>
        reads.push({
          sentAt,
          asked: url.searchParams.get('since'),
          status: r.status(),
          since: body?.since,
          asOf: body?.as_of,
          names: (body?.counted ?? []).map((l) => l.product_name).sort(),
        }),
      );
  });
  return reads;
}

/** Types a code into the count's search as a scanner does, then the quantity counted. */
async function countByCode(page: Page, code: string, qty: string) {
  const search = page.getByTestId('product-search');
  await search.focus();
  await search.pressSequentially(code, { delay: 5 });
  await search.press('Enter');
  const counted = page.getByLabel('Counted quantity');
  await expect(counted).toBeFocused();
  await counted.fill(qty);
  await counted.press('Enter');
  await expect(search).toBeFocused();
}

test('A’s owner counts Main shop in the browser with a colleague; the finalised count corrects the levels', async ({
  page,
}) => {
  // a count, a colleague's entries brought by the 20 s read, the list twice and a finalise through
  // the proxy: more than the default minute on a loaded machine
  test.slow();
  await apiLoginInPage(page, OWNER_A.username, OWNER_A.password);
  await dropWorkDrafts(page.request);
  const backends = watchBackends(page);
  const reads = watchCountReads(page, () => countId);

  await page.goto('/stock-taking');
  await expect(page.getByRole('heading', { name: 'Stock taking' })).toBeVisible();
  await pick(page, /^Location/, 'Main shop');
  countId = await createdThrough(page, '/api/stock-counts', () =>
    page.getByRole('button', { name: 'Start count' }).click(),
  );
  await expect(page.getByText('Count started — expected quantities are snapshotted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Count at Main shop' })).toBeVisible();
  await expect(page.getByText('Nothing counted yet — scan or search a product to start.')).toBeVisible();

  // The owner counts 10 sugar (scanned by its barcode) and 5 oil (its code typed).
  await countByCode(page, SUGAR.barcode, '10');
  await countByCode(page, OIL.code, '5');
  await expect(page.getByRole('heading', { name: 'Counted so far' })).toBeVisible();
  const sugarCard = page.getByTestId(`counted-${SUGAR.name}`);
  const oilCard = page.getByTestId(`counted-${OIL.name}`);
  const riceCard = page.getByTestId(`counted-${RICE.name}`);
  await expect(sugarCard.getByText('10 each', { exact: true })).toBeVisible();
  await expect(sugarCard.getByText('Entries: 1', { exact: true })).toBeVisible();
  await expect(oilCard.getByText('5 each', { exact: true })).toBeVisible();
  await expect(riceCard).toHaveCount(0);
  await expect(page.getByTestId('counted-total')).toHaveText('2');

  // The list of open counts says how far it has gone, and leads back to it.
  const counted = Date.now();
  await page.getByRole('button', { name: 'All counts' }).click();
  const card = page.getByTestId(`count-card-${countId}`);
  await expect(card).toContainText('Main shop');
  await expect(card.getByTestId(`count-progress-${countId}`)).toHaveText('Products counted: 2 · Entries: 2');
  await card.getByRole('button', { name: 'Continue counting' }).click();
  await expect(page.getByRole('heading', { name: 'Count at Main shop' })).toBeVisible();
  await expect(sugarCard.getByText('10 each', { exact: true })).toBeVisible();

  // The screen reads the count again every 20 s, asking for what changed since its last read:
  // one such read after the owner's own entries gives the position the colleague's come after.
  const readSince = () => reads.filter((r) => r.sentAt >= counted && r.asked !== null && r.status === 200);
  await expect.poll(() => readSince().length, { timeout: 30_000 }).toBeGreaterThan(0);
  const before = Math.max(...readSince().map((r) => r.asOf ?? 0));
  expect(before).toBeGreaterThan(0);

  // A colleague (a storekeeper of the business, signed in elsewhere) counts 9 rice and finds
  // one more sugar on another shelf.
  const colleague = await signedInApi({
    username: await seedSeller(api, ['stock_taking'], main),
    password: 'staff-pass-123',
  });
  try {
    for (const [product, quantity] of [
      [ids[RICE.code]!, 9_000],
      [ids[SUGAR.code]!, 1_000],
    ] as const)
      await created(
        colleague.post(`/api/stock-counts/${countId}/entries`, {
          data: { id: newId(), product_id: product, quantity },
        }),
      );
  } finally {
    await colleague.dispose();
  }

  // The screen's next read brings both, beside the owner's oil that did not change.
  await expect(riceCard).toBeVisible({ timeout: 30_000 });
  await expect(riceCard.getByText('9 each', { exact: true })).toBeVisible();
  await expect(sugarCard.getByText('11 each', { exact: true })).toBeVisible();
  await expect(sugarCard.getByText('Entries: 2', { exact: true })).toBeVisible();
  await expect(oilCard.getByText('5 each', { exact: true })).toBeVisible();
  await expect(page.getByTestId('counted-total')).toHaveText('3');
  // Those reads asked `since=` a position at or after the owner's entries, and were answered with
  // the rice and the sugar only: what changed, not the oil counted before.
  const after = reads.filter((r) => r.asked !== null && Number(r.asked) >= before && r.status === 200);
  expect(after.length, JSON.stringify(reads)).toBeGreaterThan(0);
  for (const r of after) expect(r.since, JSON.stringify(r)).toBe(Number(r.asked));
  expect([...new Set(after.flatMap((r) => r.names))].sort(), JSON.stringify(reads)).toEqual(
    [RICE.name, SUGAR.name].sort(),
  );

  await page.getByRole('button', { name: 'All counts' }).click();
  await expect(card.getByTestId(`count-progress-${countId}`)).toHaveText('Products counted: 3 · Entries: 4');
  await card.getByRole('button', { name: 'Continue counting' }).click();

  // The review against the books, then the finalise.
  await page.getByRole('button', { name: 'Review variances' }).click();
  const cells = (p: { name: string }) => page.getByTestId(`review-${p.name}`).getByRole('cell');
  await expect(cells(SUGAR)).toHaveText([
    SUGAR.name,
    '12 each',
    '11 each',
    /^−1 each$/,
    /^−KES\s?90\.00$/,
    '—',
  ]);
  await expect(cells(RICE)).toHaveText([
    RICE.name,
    '8 each',
    '9 each',
    /^\+1 each$/,
    /^\+KES\s?175\.00$/,
    '—',
  ]);
  await expect(cells(OIL)).toHaveText([OIL.name, '5 each', '5 each', /^±0 each$/, /^±KES\s?0\.00$/, '—']);
  await page.getByRole('button', { name: 'Finalise count' }).click();
  const confirm = page.getByRole('dialog', { name: 'Finalise count' });
  await expect(confirm).toContainText(
    'The variances at Main shop will be posted as stock movements and the count closed.',
  );
  await confirm.getByRole('button', { name: 'Finalise count' }).click();
  await expect(page.getByText('Count finalised — stock corrected')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open counts' })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The levels as the API gives them: counted products take their count.
  expect(await levelOf(api, SUGAR.code, main)).toBe(11_000);
  expect(await levelOf(api, RICE.code, main)).toBe(9_000);
  expect(await levelOf(api, OIL.code, main)).toBe(5_000);
  const closed = await api.get(`/api/stock-counts/${countId}`);
  expect(closed.status()).toBe(200);
  expect(await closed.json()).toMatchObject({ id: countId, status: 'finalised' });
  // The stock report in the browser: today's movements at Main shop hold the count's corrections
  // on the day it was finalised (migration 0038): sugar −1 and rice +1, two, worth KES 85.00.
  await page.goto('/stock-report');
  await expect(page.getByRole('heading', { name: 'Reports › Stock report' })).toBeVisible();
  await pickLocation(page, 'Main shop');
  await page.getByRole('radiogroup', { name: 'Show' }).getByText('Movements', { exact: true }).click();
  await pickPreset(page, 'Today');
  const corrections = page.getByTestId('stock-movements').getByRole('row', { name: /Stock count/ });
  await expect(corrections.getByRole('cell')).toHaveText(['Stock count', '2', '0', /^KES\s?85\.00$/]);
  // the page's calls were served by both processes
  expect([...backends].sort()).toEqual(['1', '2']);
});

test('B’s owner, at the same address, sees no trace of A’s count', async ({ page }) => {
  expect(countId, 'A’s count was started').not.toBe('');
  await apiLoginInPage(page, OWNER_B.username, OWNER_B.password);
  await page.goto('/stock-taking');
  await expect(page.getByRole('heading', { name: 'Stock taking' })).toBeVisible();
  await expect(page.getByText('No count is open. Start one below.')).toBeVisible();
  await expect(page.getByTestId(`count-card-${countId}`)).toHaveCount(0);

  // B's own count is listed; A's is in no list of B's, and is not found on either process.
  const bMain = await mainLocation(page.request);
  const own = await created<{ id: string }>(
    page.request.post('/api/stock-counts', { data: { id: newId(), location_id: bMain } }),
  );
  try {
    for (const query of ['', '?status=open', '?status=finalised']) {
      const list = await page.request.get(`/api/stock-counts${query}`);
      expect(list.status()).toBe(200);
      const listed = ((await list.json()) as { id: string }[]).map((c) => c.id);
      expect(listed).not.toContain(countId);
      expect(listed.includes(own.id), query).toBe(query !== '?status=finalised');
    }
    for (const base of [HOSTED_URL, ...BACKENDS]) {
      for (const path of [`/api/stock-counts/${countId}`, `/api/stock-counts/${countId}?since=0`]) {
        const res = await page.request.get(`${base}${path}`);
        expect(res.status(), `${base}${path}`).toBe(404);
      }
      const review = await page.request.get(`${base}/api/stock-counts/${countId}/review`);
      expect(review.status(), base).toBe(404);
    }
    const entry = await page.request.post(`/api/stock-counts/${countId}/entries`, {
      data: { id: newId(), product_id: ids[SUGAR.code], quantity: 1_000 },
    });
    expect(entry.status()).toBe(404);
  } finally {
    await page.request.post(`/api/stock-counts/${own.id}/cancel`);
  }
  // B's stock report of today has no stock count's movements (A's are A's alone).
  await page.goto('/stock-report');
  await expect(page.getByRole('heading', { name: 'Reports › Stock report' })).toBeVisible();
  await pickPreset(page, 'Today');
  await expect(page.getByText(/\d+ movements? in the period/)).toBeVisible();
  // (with no stock at all the page shows its empty state instead of the tables)
  const show = page.getByRole('radiogroup', { name: 'Show' });
  if ((await show.count()) > 0) await show.getByText('Movements', { exact: true }).click();
  await expect(page.getByRole('row', { name: /Stock count/ })).toHaveCount(0);
  // A's count is as A finalised it: B's attempt changed nothing.
  expect(await levelOf(api, SUGAR.code, main)).toBe(11_000);
  const a = (await (await api.get(`/api/stock-counts/${countId}`)).json()) as {
    counted: { product_id: string; quantity: number; entries: number }[];
  };
  expect(a.counted.find((l) => l.product_id === ids[SUGAR.code])).toMatchObject({
    quantity: 11_000,
    entries: 2,
  });
});
