import { expect, test } from '@playwright/test';
import { prng, resolveSeed } from '../support/chaos-proxy.mjs';
import { ShopMix } from '../support/sync-mix';
import { Refused, shopToday, uploadImage } from '../support/sync-send';
import {
  type HostedInfo,
  type JsonFetch,
  compareBusinesses,
  hostedSession,
  hostedSql,
  killHostedProcess,
  killLocal,
  linkLocalToHosted,
  localFetch,
  onHostedRequest,
  restartHostedProcess,
  restartLocal,
  stack,
  startHosted,
  startLocal,
  stopAll,
  waitUntilSynced,
} from '../support/sync-stack.mjs';

// ADR 11 §9.1–9.4 and §10, "random mix": a shop writes a seeded random mix through its local
// server's API while the chaos proxy between it and the hosted address drops connections, cuts
// them after the request or in the middle of the answer, duplicates requests and delays them;
// the local server is killed (SIGKILL) a few times right after a push left it, and one hosted
// process is killed while it holds an apply transaction open (DUKA_TEST_HOLD_APPLY_MS). Then the
// proxy heals and, once nothing waits, the hosted business must equal the shop's table by table,
// and the reports and the dashboard must answer the same on both sides.
// DUKA_SYNC_SEED replays a run's draws (the mix and the proxy's); DUKA_SYNC_OPS sets its size.

const SEED = resolveSeed(process.env.DUKA_SYNC_SEED);
const OPS = Number(process.env.DUKA_SYNC_OPS ?? 500);
const LOCAL_KILLS = 3;
const HOLD_MS = 1500;
const WEIGHTS = { pass: 3, delay: 1, drop: 1, cutAfterRequest: 1.5, cutMidResponse: 1.5, duplicate: 2 };
const MISBEHAVIOURS = ['cutAfterRequest', 'cutMidResponse', 'delay', 'drop', 'duplicate'] as const;
const PUSH = '/api/sync/v1/push';
/** What a request sent again answers when its first sending was written (its answer lost). */
const DONE_BEFORE = ['username_taken', 'conflict', 'code_taken', 'barcode_taken', 'already_voided'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the mix's requests while the local server is down. */
class Gate {
  private closed: Promise<void> | null = null;
  private open_: (() => void) | null = null;
  close(): void {
    this.closed ??= new Promise((r) => (this.open_ = r));
  }
  open(): void {
    this.open_?.();
    this.closed = null;
  }
  ready(): Promise<void> {
    return this.closed ?? Promise.resolve();
  }
}

/**
 * The mix's requests: any answer but 2xx fails the run, except a 409 saying "done already" to a
 * request sent again after a lost answer (the first one was written); a network error (the
 * server was killed) waits for it and sends the same request again (ids make writes idempotent).
 */
function sender(gate: Gate) {
  return async (method: string, path: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      await gate.ready();
      try {
        const r = await localFetch(path, { method, body });
        if (r.status < 300) return r.body as unknown;
        if (attempt > 0 && r.status === 409 && DONE_BEFORE.includes(r.body?.error?.code)) return null;
        throw new Refused(
          `${method} ${path} → ${r.status} ${JSON.stringify(r.body)}; sent ${JSON.stringify(body)}`,
          r.status,
          r.body,
        );
      } catch (err) {
        if (err instanceof Refused || attempt >= 20) throw err;
        await sleep(200);
      }
    }
  };
}

const upload = (png: Buffer) => uploadImage(localFetch, png);

/**
 * Kills the local server a short random time after some pushes left it (each with chance 0.4, or
 * every one once `eager`: the mix is over and kills are still missing), and starts it again.
 */
function localKiller(hosted: HostedInfo, gate: Gate, rand: () => number, log: string[]) {
  let busy = false;
  let kills = 0;
  let armed = true;
  let eager = false;
  let pushes = 0;
  const off = hosted.chaos.on('forwarded', (e) => {
    if (e.path === PUSH) pushes += 1;
    if (!armed || busy || kills >= LOCAL_KILLS || e.path !== PUSH) return;
    if (rand() > 0.4 && !eager) return;
    busy = true;
    const delay = Math.floor(rand() * 201);
    gate.close();
    setTimeout(() => {
      void (async () => {
        await killLocal('SIGKILL');
        const t0 = Date.now();
        await restartLocal();
        kills += 1;
        log.push(
          `local killed ${delay} ms after a push left it (request ${e.conn}/${e.index}, ${e.mode}), back in ${Date.now() - t0} ms`,
        );
        gate.open();
        setTimeout(() => (busy = false), 3000);
      })().catch((err: Error) => log.push(`local kill failed: ${err.message}`));
    }, delay);
  });
  return {
    get kills() {
      return kills;
    },
    get busy() {
      return busy;
    },
    /** Pushes forwarded to the hosted address so far. */
    get pushes() {
      return pushes;
    },
    beEager() {
      eager = true;
    },
    stop() {
      armed = false;
      off();
    },
  };
}

/**
 * A transaction of the hosted database left open (idle) for a while: the held apply of a push,
 * looked for until the push has been answered (its apply was held, or had nothing to write) or
 * `timeoutMs` has passed.
 */
async function heldApply(
  timeoutMs: number,
  answered: Promise<void>,
): Promise<{ pid: number; idleMs: number } | null> {
  let over = false;
  void answered.then(() => (over = true));
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const last = over;
    const rows = await hostedSql(
      `SELECT pid, (extract(epoch FROM now() - state_change) * 1000)::int AS idle_ms
         FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction' AND pid <> pg_backend_pid()`,
    );
    const held = rows.find((r) => Number(r.idle_ms) >= 300);
    if (held) return { pid: Number(held.pid), idleMs: Number(held.idle_ms) };
    if (last) return null;
    await sleep(50);
  }
  return null;
}

/**
 * Hosted process 0 holds each apply open for HOLD_MS after writing: on a push routed to it, once
 * PostgreSQL shows its transaction idle, the process is killed, and restarted a moment later.
 */
function hostedKiller(log: string[]) {
  let busy = false;
  let kills = 0;
  const off = onHostedRequest((e) => {
    if (busy || kills >= 1 || e.backend !== 0 || e.method !== 'POST' || e.path !== PUSH) return;
    busy = true;
    void (async () => {
      // the hold starts once the apply has written, which on a loaded machine can take seconds
      // after the push arrived (looking for HOLD_MS from its arrival, every try of a CI run missed it)
      const held = await heldApply(HOLD_MS + 15_000, e.ended);
      if (!held) return;
      await killHostedProcess(0);
      // The killed process's transaction is rolled back: its PostgreSQL backend goes away.
      let gone = false;
      for (let i = 0; i < 100 && !gone; i++) {
        gone = (await hostedSql('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [held.pid])).length === 0;
        if (!gone) await sleep(50);
      }
      kills += 1;
      log.push(
        `hosted process 1 killed holding its apply open (PostgreSQL pid ${held.pid}, idle ${held.idleMs} ms); its transaction ${gone ? 'ended' : 'DID NOT END'}`,
      );
      await sleep(1000);
      await restartHostedProcess(0);
    })()
      .catch((err: Error) => log.push(`hosted kill failed: ${err.message}`))
      .finally(() => (busy = false));
  });
  return {
    get kills() {
      return kills;
    },
    get busy() {
      return busy;
    },
    stop: off,
  };
}

/** The reports over the whole range and the dashboard, as one side answers them. */
async function reports(get: JsonFetch, from: string, to: string) {
  const out: Record<string, unknown> = {};
  for (const path of [
    `/api/reports/sales?from=${from}&to=${to}`,
    `/api/reports/profit?from=${from}&to=${to}&period=day`,
    `/api/reports/stock?from=${from}&to=${to}`,
    '/api/reports/dashboard',
  ]) {
    const r = await get(path);
    expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    out[path] = r.body;
  }
  return out;
}

test.afterEach(async () => {
  const info = test.info();
  const failed = info.status !== info.expectedStatus;
  if (failed) console.log(`random mix FAILED: replay with DUKA_SYNC_SEED=${SEED} DUKA_SYNC_OPS=${OPS}`);
  await stopAll({ keep: failed });
});

test('a random mix of writes under chaos, kills of both sides: the hosted copy ends equal to the shop', async () => {
  test.setTimeout(420_000);
  console.log(`random mix: DUKA_SYNC_SEED=${SEED}, ${OPS} writes`);
  test.info().annotations.push({ type: 'seed', description: `DUKA_SYNC_SEED=${SEED}` });
  const t0 = Date.now();
  const rand = prng(SEED);
  const [hosted] = await Promise.all([
    startHosted({ seed: SEED, processEnv: [{ DUKA_TEST_HOLD_APPLY_MS: String(HOLD_MS) }] }),
    startLocal(),
  ]);
  const timings = [`stack ${Date.now() - t0} ms`];

  // The shop before the link: its history is the initial copy, pushed from 0 (with process 0
  // holding every apply it takes for HOLD_MS).
  const gate = new Gate();
  const mix = new ShopMix(prng(SEED ^ 0x5eed), sender(gate), upload);
  await mix.setUp();
  let t = Date.now();
  await linkLocalToHosted();
  timings.push(`link and initial copy ${Date.now() - t} ms`);

  const log: string[] = [];
  // Which misbehaviours met a push (a drop at accept has no request yet: every call is a push or
  // a heartbeat, so it counts).
  const met = new Set<string>();
  const offSeen = [
    hosted.chaos.on('request', (e) => void (e.path === PUSH && met.add(String(e.mode)))),
    hosted.chaos.on('drop', () => void met.add('drop')),
  ];
  hosted.chaos.setWeights(WEIGHTS);
  const locals = localKiller(hosted, gate, rand, log);
  const hosteds = hostedKiller(log);
  t = Date.now();
  for (let i = 0; i < OPS; i++) await mix.step();
  timings.push(`${OPS} writes ${Date.now() - t} ms`);
  // Until each misbehaviour met a push and each kind of kill has happened, the shop goes on
  // selling (pushes leave every 2 s at most), for up to 150 s more however long the writes took;
  // a local kill still missing then comes after the next push.
  const covered = () =>
    MISBEHAVIOURS.every((m) => met.has(m)) && locals.kills >= LOCAL_KILLS && hosteds.kills >= 1;
  locals.beEager();
  t = Date.now();
  // A misbehaviour the draws have not met yet (a seed can go 20 requests without a drop, and the
  // push job backs off after failures) is then chosen for the next requests until it meets one.
  let forced: (typeof MISBEHAVIOURS)[number] | null = null;
  while (!covered() && Date.now() - t < 150_000) {
    const missing = MISBEHAVIOURS.find((m) => !met.has(m)) ?? null;
    if (missing !== forced) {
      forced = missing;
      if (forced) hosted.chaos.setMode(forced);
      else hosted.chaos.setWeights(WEIGHTS);
    }
    await mix.step();
    await sleep(40);
  }
  if (forced) hosted.chaos.setWeights(WEIGHTS);
  timings.push(`mix until covered ${Date.now() - t} ms`);
  locals.stop();
  while (locals.busy || hosteds.busy) await sleep(100);
  hosteds.stop();
  for (const off of offSeen) off();
  for (const line of log) console.log(`random mix: ${line}`);
  console.log(`random mix: writes ${JSON.stringify(mix.counts)}`);
  console.log(`random mix: proxy ${JSON.stringify(hosted.chaos.stats)}`);
  expect([...met].sort()).toEqual(expect.arrayContaining([...MISBEHAVIOURS]));
  const seen = `${log.join('\n')}\n${locals.pushes} pushes forwarded; ${timings.join(', ')}`;
  expect(locals.kills, seen).toBe(LOCAL_KILLS);
  expect(hosteds.kills, seen).toBe(1);
  expect(log.filter((l) => /failed|DID NOT END/.test(l))).toEqual([]);
  expect(stack().hosted?.pids.every((p) => p !== null)).toBe(true);

  // Healed: everything arrives, once.
  hosted.chaos.heal();
  t = Date.now();
  const status = (await waitUntilSynced({ timeoutMs: 150_000 })) as {
    state: string;
    quarantine_open: number;
    quarantine_here: number;
  };
  timings.push(`caught up after healing ${Date.now() - t} ms`);
  expect(status).toMatchObject({ state: 'active', quarantine_open: 0, quarantine_here: 0 });
  t = Date.now();
  expect(await compareBusinesses()).toEqual([]);
  timings.push(`digests ${Date.now() - t} ms`);

  // The owner signs in on the hosted site with the shop's password and sees the same figures.
  const onHosted = await hostedSession();
  expect((await onHosted('/api/sync/quarantine')).body).toEqual({ items: [] });
  const to = shopToday();
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  const [local, there] = [await reports(localFetch, from, to), await reports(onHosted, from, to)];
  expect(there).toEqual(local);
  console.log(`random mix timings: ${timings.join(', ')}`);
});
