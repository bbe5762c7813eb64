import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ChaosEvent, type ChaosProxy, createChooser, startChaosProxy } from './chaos-proxy.mjs';
import { RequestFramer, ResponseFramer } from './http-framing.mjs';

// The chaos proxy (ADR 11 §10) against a small local HTTP server: each mode does what it says.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const quiet = () => {};

/** The upstream: counts what its handlers ran, echoes bodies, answers n fixed bytes, after `wait` ms. */
const hits: { path: string; sha: string }[] = [];
let upstream: http.Server;
let upstreamPort: number;
const pattern = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => 97 + (i % 26)));

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    res.sendDate = false; // the same request answers the same bytes
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      const url = new URL(req.url ?? '/', 'http://x');
      hits.push({ path: url.pathname, sha: sha(body) });
      const answer = url.pathname === '/echo' ? body : pattern(Number(url.searchParams.get('n') ?? 10));
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': answer.length });
          res.end(answer);
        },
        Number(url.searchParams.get('wait') ?? 0),
      );
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamPort = (upstream.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => upstream.close(() => r())));

let proxy: ChaosProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  hits.length = 0;
});
const start = async (opts: Partial<Parameters<typeof startChaosProxy>[0]> = {}) => {
  proxy = await startChaosProxy({ upstream: `127.0.0.1:${upstreamPort}`, seed: 7, log: quiet, ...opts });
  return proxy;
};

interface Answer {
  status?: number;
  body?: Buffer;
  error?: string;
}
/** One request through the proxy; a socket error or a cut answer is `error`, never a throw. */
function send(
  port: number,
  opts: {
    method?: string;
    path?: string;
    body?: Buffer;
    headers?: http.OutgoingHttpHeaders;
    agent?: http.Agent;
  },
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method ?? 'GET',
        path: opts.path ?? '/',
        headers: { ...(opts.body ? { 'content-length': opts.body.length } : {}), ...opts.headers },
        agent: opts.agent ?? false,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts) }));
        res.on('error', (err) => resolve({ error: err.message }));
        res.on('aborted', () => resolve({ error: 'aborted' }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(opts.body);
  });
}

/** A raw exchange on its own connection: every byte that comes back until the connection closes. */
function raw(port: number, text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    const s = net.connect(port, '127.0.0.1', () => s.write(text));
    s.on('data', (d) => parts.push(d));
    s.on('error', () => {});
    s.on('close', () => resolve(Buffer.concat(parts)));
  });
}

const record = (p: ChaosProxy, names: Parameters<ChaosProxy['on']>[0][]) => {
  const seen: (ChaosEvent & { name: string })[] = [];
  for (const name of names) p.on(name, (e) => seen.push({ name, ...e }));
  return seen;
};
const until = async (check: () => boolean, ms = 5000) => {
  for (const t0 = Date.now(); !check();) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('framing', () => {
  it('frames requests fed one byte at a time, and two in one chunk', () => {
    const one = 'POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello';
    const two = 'GET /b HTTP/1.1\r\nHost: x\r\n\r\n';
    const f = new RequestFramer();
    const got = [];
    for (const byte of Buffer.from(one + two)) got.push(...f.push(Buffer.from([byte])).requests);
    expect(got.map((r) => [r.method, r.path, r.bytes.toString()])).toEqual([
      ['POST', '/a', one],
      ['GET', '/b', two],
    ]);
    const g = new RequestFramer().push(Buffer.from(one + two + one.slice(0, 20)));
    expect(g.requests.map((r) => r.path)).toEqual(['/a', '/b']);
  });

  it('gives up on a chunked request body: the rest is opaque', () => {
    const text = 'POST /c HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n';
    const r = new RequestFramer().push(Buffer.from(text));
    expect(r.requests).toEqual([]);
    expect(r.opaque?.toString()).toBe(text);
  });

  it('frames responses: Content-Length, chunked, HEAD, 204 and an interim 100', () => {
    const text =
      'HTTP/1.1 100 Continue\r\n\r\n' +
      'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc' +
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\nabc\r\n2\r\nde\r\n0\r\nT: 1\r\n\r\n' +
      'HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n' +
      'HTTP/1.1 204 No Content\r\n\r\n';
    const methods = ['POST', 'GET', 'HEAD', 'DELETE'];
    const f = new ResponseFramer();
    const events = [...Buffer.from(text)].flatMap((b) => f.push(Buffer.from([b]), (i) => methods[i]!));
    expect(events.filter((e) => e.type === 'end').map((e) => e.index)).toEqual([0, 1, 2, 3]);
    const heads = events.flatMap((e) => (e.type === 'head' ? [[e.index, e.status, e.final, e.total]] : []));
    expect(heads).toEqual([
      [0, 100, false, 25],
      [0, 200, true, 41],
      [1, 200, true, null],
      [2, 200, true, 39],
      [3, 204, true, 27],
    ]);
    const bytes = Buffer.concat(events.flatMap((e) => (e.type === 'data' ? [e.bytes] : [])));
    expect(bytes.toString()).toBe(text);
  });
});

describe('the seeded choice', () => {
  it('replays the same modes, delays and cut points from the same seed', () => {
    const weights = { pass: 3, delay: 1, drop: 1, cutAfterRequest: 1, cutMidResponse: 1, duplicate: 1 };
    const a = createChooser(42, weights);
    const b = createChooser(42, weights);
    const c = createChooser(43, weights);
    const da = Array.from({ length: 500 }, () => a.draw());
    expect(Array.from({ length: 500 }, () => b.draw())).toEqual(da);
    expect(Array.from({ length: 500 }, () => c.draw())).not.toEqual(da);
    for (const d of da) expect(d.delayMs).toBeGreaterThanOrEqual(0);
    for (const d of da) expect(d.delayMs).toBeLessThanOrEqual(2000);
    const counts = Object.fromEntries(
      Object.keys(weights).map((m) => [m, da.filter((d) => d.mode === m).length]),
    );
    expect(counts.pass).toBeGreaterThan(130); // 3/8 of 500 ≈ 187
    for (const m of Object.keys(weights)) expect(counts[m], m).toBeGreaterThan(20);
    expect(() => createChooser(1, { pass: 0 })).toThrow(/at least one/);
    expect(() => createChooser(1, { nonsense: 1 } as never)).toThrow(/unknown chaos mode/);
  });

  it('prints its seed', async () => {
    const lines: string[] = [];
    const p = await start({ seed: 1234, log: (l) => lines.push(l) });
    expect(p.seed).toBe(1234);
    expect(lines.join('\n')).toMatch(new RegExp(`listening on 127.0.0.1:${p.port} .*seed 1234`));
  });
});

describe('the modes', () => {
  it('pass: a 3 MB gzip body goes up and comes back byte for byte', async () => {
    const p = await start();
    const seen = record(p, ['request', 'forwarded', 'response']);
    const body = gzipSync(randomBytes(3 * 1024 * 1024));
    expect(body.length).toBeGreaterThan(3_000_000);
    const a = await send(p.port, {
      method: 'POST',
      path: '/echo',
      body,
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(a.status).toBe(200);
    expect(sha(a.body!)).toBe(sha(body));
    expect(hits).toEqual([{ path: '/echo', sha: sha(body) }]);
    expect(seen.map((e) => [e.name, e.method, e.path, e.mode])).toEqual([
      ['request', 'POST', '/echo', 'pass'],
      ['forwarded', 'POST', '/echo', 'pass'],
      ['response', 'POST', '/echo', 'pass'],
    ]);
    expect(seen[0]!.bytes).toBeGreaterThan(body.length);
  });

  it('keep-alive: several requests on one connection, each framed and answered', async () => {
    const p = await start();
    const forwarded = record(p, ['forwarded']);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const bodies = [randomBytes(10), randomBytes(70_000), Buffer.alloc(0)];
    for (const [i, body] of bodies.entries()) {
      const echo = await send(p.port, { method: 'POST', path: '/echo', body, agent });
      expect(echo.status, `echo ${i}`).toBe(200);
      expect(sha(echo.body!)).toBe(sha(body));
      const bytes = await send(p.port, { path: `/bytes?n=${1000 * (i + 1)}`, agent });
      expect(bytes.body?.equals(pattern(1000 * (i + 1)))).toBe(true);
    }
    agent.destroy();
    expect(p.stats.connections).toBe(1);
    expect(p.stats.requests).toBe(6);
    expect(forwarded.map((e) => `${e.index} ${e.method} ${e.path}`)).toEqual([
      '0 POST /echo',
      '1 GET /bytes?n=1000',
      '2 POST /echo',
      '3 GET /bytes?n=2000',
      '4 POST /echo',
      '5 GET /bytes?n=3000',
    ]);
  });

  it('drop: the connection closes at accept, nothing reaches the upstream', async () => {
    const p = await start({ weights: { drop: 1 } });
    const drops = record(p, ['drop']);
    const a = await send(p.port, { method: 'POST', path: '/echo', body: Buffer.from('{}') });
    expect(a.error).toMatch(/socket hang up|ECONNRESET|EPIPE/);
    await new Promise((r) => setTimeout(r, 100));
    expect(hits).toEqual([]);
    expect(drops.map((e) => e.when)).toEqual(['accept']);
  });

  it('cutAfterRequest: the upstream handler ran, the client got a socket error', async () => {
    const p = await start({ weights: { cutAfterRequest: 1 } });
    const seen = record(p, ['request', 'forwarded', 'cut', 'response']);
    const body = Buffer.from(JSON.stringify({ batch: 'x'.repeat(5000) }));
    // The upstream answers after 300 ms; the client has its error long before.
    const a = await send(p.port, { method: 'POST', path: '/echo?wait=300', body });
    const failedAt = Date.now();
    expect(a.error).toMatch(/socket hang up|ECONNRESET/);
    await until(() => seen.some((e) => e.name === 'response'));
    expect(hits).toEqual([{ path: '/echo', sha: sha(body) }]); // the whole request arrived
    expect(seen.find((e) => e.name === 'response')!.at).toBeGreaterThan(failedAt);
    expect(seen.map((e) => `${e.name} ${e.when ?? ''}`.trim())).toEqual([
      'request',
      'forwarded',
      'cut after-request',
      'response', // read from the upstream and thrown away
    ]);
  });

  it('cutMidResponse: the client gets a strict, non-empty prefix of the answer', async () => {
    const req = 'GET /bytes?n=100000 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const p = await start();
    const whole = await raw(p.port, req);
    expect(whole.length).toBeGreaterThan(100_000);
    p.setMode('cutMidResponse');
    const cuts = record(p, ['cut']);
    const lengths = [];
    for (let i = 0; i < 5; i++) {
      const part = await raw(p.port, req);
      expect(part.length).toBeGreaterThan(0);
      expect(part.length).toBeLessThan(whole.length);
      expect(whole.subarray(0, part.length).equals(part)).toBe(true);
      lengths.push(part.length);
    }
    expect(new Set(lengths).size).toBeGreaterThan(1); // the cut point is drawn
    expect(cuts.map((c) => c.sent)).toEqual(lengths);
    expect(hits).toHaveLength(6);
    // Through an HTTP client: an error, not a short answer taken for a whole one.
    const a = await send(p.port, { path: '/bytes?n=100000' });
    expect(a.error).toBeDefined();
  });

  it('duplicate: the upstream handler runs twice, the client gets one answer', async () => {
    const p = await start({ weights: { duplicate: 1 } });
    const dupAnswer = p.waitFor('duplicate-answer');
    const body = Buffer.from('{"push":1}');
    const a = await send(p.port, { method: 'POST', path: '/echo', body });
    expect(a.status).toBe(200);
    expect(a.body?.toString()).toBe('{"push":1}');
    expect((await dupAnswer).status).toBe(200);
    expect(hits).toEqual([
      { path: '/echo', sha: sha(body) },
      { path: '/echo', sha: sha(body) },
    ]);
    expect(p.stats.duplicate).toBe(1);
    expect(p.stats.duplicateAnswers).toBe(1);
  });

  it('delay: waits before forwarding, then answers normally', async () => {
    const p = await start({ weights: { delay: 1 }, delayMs: [300, 300] });
    const t0 = Date.now();
    const a = await send(p.port, { path: '/bytes?n=5' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(a.body?.toString()).toBe('abcde');
  });

  it('switches at run time, also on a live keep-alive connection, and heals', async () => {
    const p = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(p.port, { path: '/bytes?n=3', agent })).status).toBe(200);
    p.setMode('cutAfterRequest');
    const cut = await send(p.port, { method: 'POST', path: '/echo', body: Buffer.from('{}'), agent });
    expect(cut.error).toBeDefined();
    await until(() => hits.length === 2);
    expect(p.stats.connections).toBe(1); // the second request came on the same connection
    p.heal();
    expect((await send(p.port, { path: '/bytes?n=3', agent })).status).toBe(200);
    agent.destroy();
    expect(p.weights).toEqual({ pass: 1 });
  });
});
