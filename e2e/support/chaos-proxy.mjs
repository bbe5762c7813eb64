#!/usr/bin/env node
// A TCP proxy that misbehaves on purpose, between a shop's local server and the hosted address
// (ADR 11 §9, §10). No dependency: `net` and a seeded PRNG (mulberry32), so a run can be replayed
// with the seed it printed. It frames HTTP/1.1 requests by head + Content-Length (the sync client
// never sends chunked bodies; a request it cannot frame is piped through as it is) and answers in
// order, so on a keep-alive connection every request draws its own mode:
//   pass             forward both ways untouched
//   delay            wait 0–2 s (delayMs) before forwarding the request
//   drop             close the client's connection without forwarding anything (at accept, or
//                    before a later request of a keep-alive connection)
//   cutAfterRequest  forward the whole request, then close the client's connection before any
//                    answer (the upstream still answers; that answer is read and thrown away)
//   cutMidResponse   forward the request and part of the answer (at least one byte, never all),
//                    then close both connections
//   duplicate        forward the request, and the same bytes again on a second upstream connection
//                    whose answer is thrown away
// Events (`on(name, fn)` answers a function that unsubscribes): 'connection', 'request' (method,
// path, mode), 'forwarded' (the request's last byte went upstream), 'response', 'drop', 'cut',
// 'duplicate-answer', 'duplicate-error', 'upstream-error', 'opaque', 'weights'.
//
// CLI: node e2e/support/chaos-proxy.mjs --upstream 127.0.0.1:3200 [--listen 0] [--seed N]
//      [--weights pass=4,delay=1,drop=1,cutAfterRequest=1,cutMidResponse=1,duplicate=1]
//      [--control PORT]
// The control endpoint (loopback): GET /stats, POST /heal, POST /mode/NAME, POST /weights with a
// JSON body. SIGUSR2 switches between healed and the weights given.
import { EventEmitter } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { RequestFramer, ResponseFramer } from './http-framing.mjs';

export const MODES = ['pass', 'delay', 'drop', 'cutAfterRequest', 'cutMidResponse', 'duplicate'];

/** mulberry32: a small, fast, seeded PRNG answering floats in [0, 1). */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed as given (a number or its text), else DUKA_CHAOS_SEED, else a random one. */
export function resolveSeed(seed = process.env.DUKA_CHAOS_SEED) {
  if (seed === undefined || seed === null || seed === '') return Math.floor(Math.random() * 2 ** 32);
  const n = Number(seed);
  if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) throw new Error(`seed must be 0 … 2^32-1: ${seed}`);
  return n;
}

/** Weights checked: known modes, finite and not negative, at least one above 0. */
export function checkWeights(weights) {
  const out = {};
  for (const [mode, w] of Object.entries(weights ?? {})) {
    if (!MODES.includes(mode)) throw new Error(`unknown chaos mode ${mode} (known: ${MODES.join(', ')})`);
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0)
      throw new Error(`bad weight for ${mode}: ${w}`);
    if (w > 0) out[mode] = w;
  }
  if (Object.keys(out).length === 0) throw new Error('at least one mode needs a weight above 0');
  return out;
}

/**
 * The draws of one proxy: each connection and each request takes three numbers (mode, delay, cut
 * point) whatever the mode, so a seed replays the same sequence of choices in arrival order.
 */
export function createChooser(seed, weights, delayMs = [0, 2000]) {
  const rand = prng(seed);
  let current = checkWeights(weights);
  return {
    get weights() {
      return { ...current };
    },
    setWeights(w) {
      current = checkWeights(w);
    },
    draw() {
      const [r, d, frac] = [rand(), rand(), rand()];
      const total = Object.values(current).reduce((a, b) => a + b, 0);
      let mode = 'pass';
      let acc = 0;
      for (const m of MODES) {
        if (!current[m]) continue;
        acc += current[m];
        mode = m;
        if (r * total < acc) break;
      }
      const [lo, hi] = delayMs;
      return { mode, delayMs: lo + Math.floor(d * (hi - lo + 1)), frac };
    },
  };
}

const parseUpstream = (u) => {
  if (typeof u === 'object') return { host: u.host ?? '127.0.0.1', port: Number(u.port) };
  const m = /^(?:(.+):)?([0-9]+)$/.exec(String(u));
  if (!m) throw new Error(`upstream must be host:port: ${u}`);
  return { host: m[1] ?? '127.0.0.1', port: Number(m[2]) };
};

/**
 * Starts the proxy on `host:listenPort` (0: any free port) in front of `upstream` ('host:port' or
 * { host, port }). `weights` per mode (default: pass only); `delayMs` the delay range.
 */
export async function startChaosProxy({
  listenPort = 0,
  host = '127.0.0.1',
  upstream,
  seed,
  weights = { pass: 1 },
  delayMs = [0, 2000],
  log = (line) => process.stderr.write(`[chaos-proxy] ${line}\n`),
} = {}) {
  const target = parseUpstream(upstream);
  const theSeed = resolveSeed(seed);
  const chooser = createChooser(theSeed, weights, delayMs);
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const stats = { connections: 0, requests: 0, forwarded: 0, responses: 0, duplicateAnswers: 0 };
  for (const m of MODES) stats[m] = 0;
  stats.upstreamErrors = 0;
  const sockets = new Set();
  const track = (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    return s;
  };
  const emit = (name, data) => events.emit(name, { at: Date.now(), ...data });
  const ctx = { target, chooser, stats, emit, track };
  const server = net.createServer({ allowHalfOpen: true }, (c) => handleConnection(ctx, track(c)));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, resolve);
  });
  const port = server.address().port;
  log(`listening on ${host}:${port} → ${target.host}:${target.port}, seed ${theSeed}`);
  const setWeights = (w) => {
    chooser.setWeights(w);
    emit('weights', { weights: chooser.weights });
  };
  return {
    port,
    url: `http://${host}:${port}`,
    seed: theSeed,
    stats,
    get weights() {
      return chooser.weights;
    },
    setWeights,
    /** Every new connection and request from now on draws this mode alone. */
    setMode: (mode) => setWeights({ [mode]: 1 }),
    /** Back to passing everything (connections already misbehaving finish as drawn). */
    heal: () => setWeights({ pass: 1 }),
    on(name, fn) {
      events.on(name, fn);
      return () => events.off(name, fn);
    },
    /** The first event of that name the predicate accepts, or a timeout error. */
    waitFor(name, predicate = () => true, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off(name, fn);
          reject(new Error(`chaos proxy: no '${name}' event within ${timeoutMs} ms`));
        }, timeoutMs);
        const fn = (e) => {
          if (!predicate(e)) return;
          clearTimeout(timer);
          events.off(name, fn);
          resolve(e);
        };
        events.on(name, fn);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

/** One client connection: its upstream connection, its requests in order, their answers. */
function handleConnection(ctx, c) {
  const { target, chooser, stats, emit, track } = ctx;
  stats.connections += 1;
  const id = stats.connections;
  const first = chooser.draw();
  emit('connection', { conn: id, mode: first.mode });
  c.on('error', () => {});
  if (first.mode === 'drop') {
    stats.drop += 1;
    emit('drop', { conn: id, index: 0, when: 'accept' });
    c.destroy();
    return;
  }
  c.setNoDelay(true);
  const u = track(net.connect({ host: target.host, port: target.port, allowHalfOpen: true }));
  u.setNoDelay(true);
  const conn = { id, c, u, reqs: [], chain: Promise.resolve(), done: false, clientCut: false };
  const requests = new RequestFramer();
  const responses = new ResponseFramer();
  const kill = () => {
    conn.done = true;
    c.destroy();
    u.destroy();
  };
  u.on('error', (err) => {
    stats.upstreamErrors += 1;
    emit('upstream-error', { conn: id, error: err.message });
    kill();
  });
  c.on('data', (chunk) => {
    const { requests: whole, opaque } = requests.push(chunk);
    for (const r of whole) onRequest(ctx, conn, r, conn.reqs.length === 0 ? first : chooser.draw(), kill);
    if (opaque) {
      emit('opaque', { conn: id });
      conn.chain = conn.chain.then(() => void (conn.done || u.write(opaque)));
    }
  });
  c.on('end', () => {
    conn.chain = conn.chain.then(() => void (conn.done || u.end()));
  });
  c.on('close', () => {
    // A request cut after forwarding keeps its upstream until the answer is read (see below).
    if (!conn.clientCut) kill();
  });
  u.on('data', (chunk) => {
    for (const ev of responses.push(chunk, (i) => conn.reqs[i]?.method ?? 'GET')) {
      if (conn.done) return;
      onResponseEvent(ctx, conn, ev, kill);
    }
  });
  u.on('end', () => {
    for (const ev of responses.end()) onResponseEvent(ctx, conn, ev, kill);
    if (!conn.clientCut) c.end();
  });
  u.on('close', () => {
    if (conn.clientCut) kill();
    else c.end();
  });
}

const info = (conn, req) => ({
  conn: conn.id,
  index: req.index,
  method: req.method,
  path: req.path,
  mode: req.mode,
  bytes: req.bytes,
});

/** A whole request from the client: forwarded in order, as its draw says. */
function onRequest(ctx, conn, r, draw, kill) {
  const { stats, emit } = ctx;
  const req = { index: conn.reqs.length, method: r.method, path: r.path, bytes: r.bytes.length, ...draw };
  req.sent = 0;
  req.cutAt = null;
  conn.reqs.push(req);
  stats.requests += 1;
  stats[req.mode] += 1;
  emit('request', { ...info(conn, req), delayMs: req.mode === 'delay' ? req.delayMs : 0 });
  if (req.mode === 'drop') {
    emit('drop', { ...info(conn, req), when: 'request' });
    kill();
    return;
  }
  conn.chain = conn.chain.then(async () => {
    if (conn.done || conn.clientCut) return;
    if (req.mode === 'delay') await new Promise((resolve) => setTimeout(resolve, req.delayMs));
    if (conn.done) return;
    if (req.mode === 'duplicate') duplicate(ctx, conn, req, r.bytes);
    await new Promise((resolve) => conn.u.write(r.bytes, () => resolve()));
    if (conn.done) return;
    stats.forwarded += 1;
    emit('forwarded', info(conn, req));
    if (req.mode === 'cutAfterRequest') {
      conn.clientCut = true;
      conn.c.destroy();
      emit('cut', { ...info(conn, req), when: 'after-request' });
    }
  });
}

/** Part of an answer from upstream: to the client, thrown away, or cut, as its request drew. */
function onResponseEvent(ctx, conn, ev, kill) {
  const req = conn.reqs[ev.index];
  const mode = req?.mode ?? 'pass';
  if (ev.type === 'head') {
    if (req && ev.final) {
      req.status = ev.status;
      req.sent = 0;
      if (mode === 'cutMidResponse') {
        // At least one byte of the answer, never all of it.
        req.cutAt =
          ev.total !== null && ev.total > 1 ? 1 + Math.floor(req.frac * (ev.total - 1)) : ev.headBytes;
      }
    }
    return;
  }
  if (ev.type === 'end') {
    ctx.stats.responses += 1;
    if (req) ctx.emit('response', { ...info(conn, req), status: req.status });
    // The answer to a request cut after forwarding has been read: its upstream can go too.
    if (conn.clientCut) kill();
    return;
  }
  if (conn.clientCut || mode === 'cutAfterRequest') return;
  if (mode !== 'cutMidResponse' || req.cutAt === null || req.sent + ev.bytes.length < req.cutAt) {
    if (req) req.sent += ev.bytes.length;
    if (!conn.c.write(ev.bytes)) {
      conn.u.pause();
      conn.c.once('drain', () => conn.u.resume());
    }
    return;
  }
  const part = ev.bytes.subarray(0, req.cutAt - req.sent);
  req.sent += part.length;
  conn.done = true;
  conn.c.end(part, () => conn.c.destroy());
  conn.u.destroy();
  ctx.emit('cut', { ...info(conn, req), when: 'mid-response', sent: req.sent, status: req.status });
}

/** The same request on a second upstream connection; its answer is read and dropped. */
function duplicate(ctx, conn, req, bytes) {
  const d = ctx.track(net.connect({ host: ctx.target.host, port: ctx.target.port }));
  const responses = new ResponseFramer();
  let status = null;
  d.on('connect', () => d.write(bytes));
  d.on('data', (chunk) => {
    for (const ev of responses.push(chunk, () => req.method)) {
      if (ev.type === 'head' && ev.final) status = ev.status;
      if (ev.type === 'end') {
        ctx.stats.duplicateAnswers += 1;
        ctx.emit('duplicate-answer', { ...info(conn, req), status });
        d.destroy();
        return;
      }
    }
  });
  d.on('error', (err) => ctx.emit('duplicate-error', { ...info(conn, req), error: err.message }));
}

/** `--weights pass=4,delay=1` → { pass: 4, delay: 1 }. */
function parseWeights(text) {
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const [mode, w] = pair.split('=');
      return [mode.trim(), Number(w)];
    }),
  );
}

async function cli() {
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string' },
      listen: { type: 'string', default: '0' },
      seed: { type: 'string' },
      weights: { type: 'string', default: 'pass=1' },
      control: { type: 'string' },
    },
  });
  if (!values.upstream) throw new Error('--upstream host:port is needed');
  const given = parseWeights(values.weights);
  const proxy = await startChaosProxy({
    listenPort: Number(values.listen),
    upstream: values.upstream,
    seed: values.seed,
    weights: given,
  });
  let healed = false;
  process.on('SIGUSR2', () => {
    healed = !healed;
    if (healed) proxy.heal();
    else proxy.setWeights(given);
    process.stderr.write(`[chaos-proxy] ${healed ? 'healed' : `weights ${values.weights}`}\n`);
  });
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  if (values.control) await controlEndpoint(proxy, Number(values.control));
}

/** The CLI's control endpoint: GET /stats, POST /heal, POST /mode/NAME, POST /weights {…}. */
async function controlEndpoint(proxy, port) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      try {
        const mode = /^\/mode\/(\w+)$/.exec(req.url ?? '')?.[1];
        if (req.method === 'POST' && req.url === '/heal') proxy.heal();
        else if (req.method === 'POST' && mode) proxy.setMode(mode);
        else if (req.method === 'POST' && req.url === '/weights') proxy.setWeights(JSON.parse(body));
        else if (!(req.method === 'GET' && req.url === '/stats')) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ seed: proxy.seed, weights: proxy.weights, stats: proxy.stats }));
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  process.stderr.write(`[chaos-proxy] control on http://127.0.0.1:${server.address().port}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((err) => {
    process.stderr.write(`[chaos-proxy] ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
