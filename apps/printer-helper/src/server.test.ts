import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sha256Hex } from './protocol.js';
import { startHelper } from './server.js';
import { pairWithCertificate } from './pairing.js';
import {
  TEST_ORIGIN,
  makeBusiness,
  startTestHelper,
  tempDir,
  type Business,
  type TestHelper,
} from './test/harness.js';

/** Hand-built messages on a raw socket: what the official client never sends, or sends quietly. */
let shop: Business;
let t: TestHelper;
let socket: WebSocket;
const replies: string[] = [];

function nextReply(): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reply')), 5000);
    socket.once('message', (data: Buffer) => {
      clearTimeout(timer);
      resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
    });
  });
}

async function send(message: unknown): Promise<Record<string, unknown>> {
  const reply = nextReply();
  socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return reply;
}

function signedCall(uid: string, call: string, params: unknown, timestamp: number) {
  const hash = sha256Hex(JSON.stringify({ call, params, timestamp }));
  return {
    uid,
    call,
    params,
    timestamp,
    position: { x: 0, y: 0 },
    signature: shop.sign(hash, 'sha512'),
    signAlgorithm: 'SHA512',
  };
}

beforeAll(async () => {
  shop = makeBusiness('Raw Socket Shop');
  t = await startTestHelper({
    printers: [{ name: 'Counter', type: 'device', path: '/dev/null' }],
    pairWith: shop,
  });
  socket = new WebSocket(`ws://127.0.0.1:${t.helper.insecurePort}`, { origin: TEST_ORIGIN });
  socket.on('message', (d: Buffer) => replies.push(d.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
});

afterAll(async () => {
  socket.close();
  await t.close();
});

describe('the websocket protocol', () => {
  it('ignores keep-alive pings, answers garbage with an error, and stays open', async () => {
    const before = replies.length;
    socket.send('ping');
    expect(await send('{not json')).toEqual({ uid: '', error: expect.stringMatching(/Bad JSON/) as unknown });
    expect(replies.length).toBe(before + 1); // the ping got no answer
    expect(await send({ uid: 'n0call' })).toEqual({ uid: 'n0call', error: 'Invalid function call: NONE' });
    expect(await send({ uid: 'v1', call: 'getVersion', timestamp: 0 })).toEqual({
      uid: 'v1',
      result: '2.2.5',
    });
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });

  it('accepts the certificate message with a null result, then verifies hand-signed calls', async () => {
    expect(
      await send({ certificate: shop.cert, uid: 'c1', timestamp: Date.now(), position: { x: 0, y: 0 } }),
    ).toEqual({
      uid: 'c1',
      result: null,
    });
    expect(await send(signedCall('f1', 'printers.find', {}, Date.now()))).toEqual({
      uid: 'f1',
      result: ['Counter'],
    });
    // 16 minutes old, correctly signed: refused for its age only.
    const old = await send(signedCall('f2', 'printers.find', {}, Date.now() - 16 * 60 * 1000));
    expect(old).toEqual({ uid: 'f2', error: expect.stringMatching(/expired signature/) as unknown });
    // Absent params sign as absent (networking.hostname sends none).
    expect(await send(signedCall('h1', 'networking.hostname', undefined, Date.now()))).toMatchObject({
      uid: 'h1',
      result: expect.any(String) as unknown,
    });
    expect(await send(signedCall('d1', 'printers.getDefault', null, Date.now()))).toEqual({
      uid: 'd1',
      result: 'Counter',
    });
  });

  it('takes a new certificate message as the connection certificate', async () => {
    expect(await send({ certificate: 'garbage', uid: 'c2' })).toEqual({ uid: 'c2', result: null });
    const refused = await send(signedCall('f3', 'printers.find', {}, Date.now()));
    expect(refused.error).toMatch(/sent no certificate/);
    await send({ certificate: shop.cert, uid: 'c3' });
    expect(await send(signedCall('f4', 'printers.find', {}, Date.now()))).toEqual({
      uid: 'f4',
      result: ['Counter'],
    });
  });

  it('answers a plain GET with a short page (for accepting the TLS certificate)', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${t.helper.insecurePort}/`, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(body).toMatch(/Duka printer helper .* is running/);
  });
});

/** Opens a socket as a page on `origin` would (none: a client that sends no Origin). */
function openFrom(
  origin: string | null,
): Promise<{ ok: true; ws: WebSocket } | { ok: false; status: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${t.helper.insecurePort}`, origin === null ? {} : { origin });
    ws.once('open', () => resolve({ ok: true, ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ ok: false, status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', () => resolve({ ok: false, status: 0 }));
  });
}

describe('who may connect', () => {
  it('refuses pages from any other origin, and clients that send none: they cannot read the device address', async () => {
    for (const origin of ['https://evil.example', 'http://duka.test:3001', 'null', null]) {
      const r = await openFrom(origin);
      expect(r, String(origin)).toEqual({ ok: false, status: 401 });
    }
    expect(t.log.lines.join('\n')).toMatch(/refused a connection from https:\/\/evil\.example/);
    const ok = await openFrom(TEST_ORIGIN.toUpperCase());
    expect(ok.ok).toBe(true);
    if (ok.ok) ok.ws.close();
  });

  it('lets in the origin of the server it was paired with (pair --server), at once', async () => {
    const shopUrl = 'http://192.168.1.10:3000';
    expect((await openFrom(shopUrl)).ok).toBe(false);
    pairWithCertificate(t.dir, shop.cert, `${shopUrl}/`);
    try {
      const r = await openFrom(shopUrl);
      expect(r.ok).toBe(true);
      if (r.ok) r.ws.close();
    } finally {
      pairWithCertificate(t.dir, shop.cert, 'test');
    }
  });

  it('runs a signed print once: the same message sent again is refused as a replay', async () => {
    await send({ certificate: shop.cert, uid: 'c9' });
    const print = signedCall(
      'p1',
      'print',
      { printer: { name: 'Counter' }, options: {}, data: ['once\n'] },
      Date.now(),
    );
    expect(await send(print)).toEqual({ uid: 'p1', result: null });
    expect(await send({ ...print, uid: 'p2' })).toEqual({
      uid: 'p2',
      error: 'Request blocked: this signed call was already used (a replay)',
    });
    // the same signature written otherwise (its padding dropped, a line break in it) is the same
    // signed call: one signed pulse opened the drawer as often as it was sent again so
    const signature = print.signature;
    for (const [uid, other] of [
      ['p3', signature.replace(/=+$/, '')],
      ['p4', `${signature.slice(0, 40)}\n${signature.slice(40)}`],
      ['p5', ` ${signature}`],
    ] as const) {
      const again = await send({ ...print, uid, signature: other });
      expect(again, uid).toMatchObject({ uid });
      expect(again.result, uid).toBeUndefined();
      expect(String(again.error), uid).toMatch(/^Request blocked: /);
    }
  });
});

describe('starting', () => {
  it('keeps its TLS certificate across restarts', async () => {
    const first = fs.readFileSync(path.join(t.dir, 'tls-cert.pem'), 'utf8');
    const again = await startHelper({ configDir: t.dir, ports: { secure: 0, insecure: 0 }, log: t.log });
    try {
      expect(fs.readFileSync(path.join(t.dir, 'tls-cert.pem'), 'utf8')).toBe(first);
      expect(again.tlsFingerprint).toBe(t.helper.tlsFingerprint);
      expect((fs.statSync(path.join(t.dir, 'tls-key.pem')).mode & 0o077).toString(8)).toBe('0');
    } finally {
      await again.close();
    }
  });

  it('says which port is taken, and refuses a broken config with its file and field', async () => {
    const busy = startHelper({
      configDir: t.dir,
      ports: { secure: 0, insecure: t.helper.insecurePort },
      log: t.log,
    });
    await expect(busy).rejects.toThrow(new RegExp(`port ${t.helper.insecurePort} is in use`));
    const dir = tempDir();
    try {
      fs.writeFileSync(
        path.join(dir, 'config.json'),
        JSON.stringify({ printers: [{ name: 'X', type: 'network' }] }),
      );
      await expect(
        startHelper({ configDir: dir, ports: { secure: 0, insecure: 0 }, log: t.log }),
      ).rejects.toThrow(/config\.json: printers\[0\]\.host must be a non-empty string/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
