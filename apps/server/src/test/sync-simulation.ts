import { v7 } from 'uuid';
import type { Location } from '@duka/domain';
import { applyFaults } from '../modules/sync/apply-documents.js';
import { linkOf } from '../modules/sync/link-local.js';
import { ADMIN_PASSWORD, signIn } from './factories.js';
import { pullAll, pushFrom, type SyncPair } from './sync-harness.js';
import type { TestApp } from './test-app.js';

/**
 * The sync simulation's world (ADR 11 §11.8): three servers of one business (two shop PCs and
 * the hosted site, two-way), random writes on each through the HTTP API, and links that drop,
 * duplicate, replay old ranges, lose answers and die mid-apply. A seed replays a run exactly,
 * except for the clocks (ids and stamps are made at run time; the operations are not).
 */

/** mulberry32: a small seeded generator, so a seed names one run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Node {
  name: 'A' | 'B' | 'H';
  app: TestApp;
  cookie: string;
  /** A shop PC pushes and pulls; the hosted site only answers. */
  local: boolean;
  /** Whether this server sells (each has its own receipt series, ADR 11 §11.2). */
  sells: boolean;
}

export interface World {
  p: SyncPair;
  businessId: string;
  nodes: Node[];
  location: Location;
  supplierId: string;
  log: string[];
}

export async function nodeOf(
  name: Node['name'],
  app: TestApp,
  username: string,
  local: boolean,
  sells: boolean,
): Promise<Node> {
  const { cookie } = await signIn(app.app, username, ADMIN_PASSWORD, `SIM-${name}-${v7().slice(-6)}`);
  return { name, app, cookie, local, sells };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

async function productsAt(n: Node, businessId: string): Promise<string[]> {
  const rows = await n.app.db.kysely
    .selectFrom('products')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('id')
    .execute();
  return rows.map((x) => x.id);
}

async function call(n: Node, method: 'POST' | 'PATCH', url: string, payload: object): Promise<number> {
  const res = await n.app.app.inject({ method, url, headers: { cookie: n.cookie }, payload });
  if (res.statusCode >= 500) throw new Error(`${n.name} ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.statusCode;
}

/** One write on one server, chosen by the generator. */
async function write(w: World, r: () => number, step: number): Promise<void> {
  const n = pick(r, w.nodes);
  const products = await productsAt(n, w.businessId);
  const kind = pick(r, ['new', 'reprice', 'rename', 'receive', 'sell', 'sell', 'count', 'count'] as const);
  const product = pick(r, products);
  if (kind === 'count') {
    await countStep(w, n, r, product);
  } else if (kind === 'new') {
    const status = await call(n, 'POST', '/api/products', {
      id: v7(),
      name: `Sim ${n.name}${step}`,
      code: `S${n.name}${step}-${v7().slice(-4)}`,
      price: 1_000 + Math.floor(r() * 100) * 50,
    });
    w.log.push(`${n.name} new product ${status}`);
  } else if (kind === 'reprice' || kind === 'rename') {
    const body =
      kind === 'reprice'
        ? { price: 1_000 + Math.floor(r() * 100) * 50 }
        : { name: `Renamed ${n.name}${step}` };
    const status = await call(n, 'PATCH', `/api/products/${product}`, body);
    w.log.push(`${n.name} ${kind} ${status}`);
  } else if (kind === 'receive') {
    const status = await call(n, 'POST', '/api/stock/receipts', {
      id: v7(),
      supplier_id: w.supplierId,
      location_id: w.location.id,
      lines: [{ product_id: product, quantity: 1_000 * (1 + Math.floor(r() * 5)), unit_cost: 500 }],
    });
    w.log.push(`${n.name} receive ${status}`);
  } else if (n.sells) {
    const status = await call(n, 'POST', '/api/sales', {
      id: v7(),
      kind: 'cash',
      location_id: w.location.id,
      lines: [{ product_id: product, quantity: 1_000 }],
      tendered: 1_000_000,
    });
    w.log.push(`${n.name} sell ${status}`);
  }
}

/**
 * A stock count at the location moves one step on this server: started, an entry, or ended
 * (finalised, now and then cancelled), so one batch can hold a count's end and the next count
 * there. Only the location's home server may count it (ADR 11 §11.2); another server is refused.
 */
async function countStep(w: World, n: Node, r: () => number, product: string): Promise<void> {
  const open = await n.app.db.kysely
    .selectFrom('stock_counts')
    .select('id')
    .where('business_id', '=', w.businessId)
    .where('location_id', '=', w.location.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  let status: number;
  let what: string;
  if (!open) {
    what = 'count started';
    status = await call(n, 'POST', '/api/stock-counts', { id: v7(), location_id: w.location.id });
  } else if (r() < 0.5) {
    what = 'count entry';
    status = await call(n, 'POST', `/api/stock-counts/${open.id}/entries`, {
      id: v7(),
      product_id: product,
      quantity: 1_000 * Math.floor(r() * 20),
    });
  } else {
    const end = r() < 0.2 ? 'cancel' : 'finalise';
    what = `count ${end}`;
    status = await call(n, 'POST', `/api/stock-counts/${open.id}/${end}`, {});
  }
  w.log.push(`${n.name} ${what} ${status}`);
}

/** Moves a shop PC's cursor back to an earlier entry the other side already has (a lost answer, a replay). */
async function rewind(w: World, n: Node, r: () => number, which: 'push' | 'pull'): Promise<void> {
  const link = await linkOf(n.app.db, w.businessId);
  if (!link) return;
  const cursor = Number(which === 'push' ? link.push_cursor : link.pull_cursor);
  if (cursor === 0) return;
  const seq = Math.floor(r() * cursor);
  const journalOf = which === 'push' ? n.app.db : w.p.hosted.db;
  const entry =
    seq === 0
      ? null
      : await journalOf.kysely
          .selectFrom('journal')
          .select('id')
          .where('business_id', '=', w.businessId)
          .where('seq', '=', seq)
          .executeTakeFirstOrThrow();
  const set =
    which === 'push'
      ? { push_cursor: seq, push_cursor_entry_id: entry?.id ?? null }
      : { pull_cursor: seq, pull_cursor_entry_id: entry?.id ?? null };
  await n.app.db.kysely.updateTable('sync_links').set(set).where('business_id', '=', w.businessId).execute();
  w.log.push(`${n.name} ${which} rewound to ${seq}`);
}

/** One exchange on a link, with what can go wrong with it. */
async function exchange(w: World, r: () => number): Promise<void> {
  const n = pick(
    r,
    w.nodes.filter((x) => x.local),
  );
  const dir = r() < 0.5 ? 'push' : 'pull';
  const mishap = pick(r, ['none', 'none', 'none', 'drop', 'twice', 'rewind', 'die'] as const);
  if (mishap === 'drop') {
    w.log.push(`${n.name} ${dir} dropped`);
    return;
  }
  if (mishap === 'rewind') await rewind(w, n, r, dir);
  if (mishap === 'die')
    applyFaults.next = () => {
      throw new Error('simulated kill mid-apply');
    };
  const run = () =>
    dir === 'push'
      ? pushFrom(w.p, n.app, w.businessId, { max_entries: 7, max_bytes: 1 << 20 })
      : pullAll(w.p, n.app, w.businessId, 2);
  try {
    const outcome = await run();
    w.log.push(`${n.name} ${dir} ${mishap} → ${outcome.kind}`);
    if (mishap === 'twice') await run();
  } catch (err) {
    // Only the simulated kill may escape: the pull applies in this process and rolls back.
    if (!(err instanceof Error) || err.message !== 'simulated kill mid-apply') throw err;
    w.log.push(`${n.name} ${dir} killed mid-apply`);
  } finally {
    applyFaults.next = null;
  }
}

/** A run of `steps` random writes and exchanges. */
export async function runSeed(w: World, seed: number, steps: number): Promise<void> {
  const r = seeded(seed);
  for (let i = 0; i < steps; i++) {
    if (r() < 0.55) await write(w, r, i);
    else await exchange(w, r);
  }
}

/** The links heal: every shop PC pushes and pulls until a whole round moves nothing. */
export async function heal(w: World): Promise<number> {
  for (let round = 1; round <= 20; round++) {
    let moved = false;
    for (const n of w.nodes.filter((x) => x.local)) {
      const pushed = await pushFrom(w.p, n.app, w.businessId);
      if (pushed.kind !== 'idle') moved = true;
      if (pushed.kind === 'failed' || pushed.kind === 'stopped')
        throw new Error(`${n.name} push ${JSON.stringify(pushed)}`);
    }
    for (const n of w.nodes.filter((x) => x.local)) {
      const pulled = await pullAll(w.p, n.app, w.businessId);
      if (pulled.kind !== 'idle') moved = true;
      if (pulled.kind === 'failed' || pulled.kind === 'stopped')
        throw new Error(`${n.name} pull ${JSON.stringify(pulled)}`);
    }
    if (!moved) return round;
  }
  throw new Error('the links did not settle in 20 rounds');
}
