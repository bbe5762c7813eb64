import { vi } from 'vitest';

type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

/** What a test may set or read back, as it is after `reset`. */
function freshState() {
  return {
    active: false,
    failConnect: false,
    failPrint: null as string | null,
    connects: 0,
    disconnects: 0,
    /** The certificate each connection sent (null: none). */
    certificates: [] as (string | null)[],
    algorithm: 'SHA1',
    /** What the signature promise answered for each signed call. */
    signatures: [] as (string | null)[],
    /** The text of each call the client hashed. */
    hashed: [] as string[],
    defaultPrinter: 'Counter' as string | null,
    printers: ['Counter', 'Kitchen'],
  };
}

/** The fake's state: the resettable part, and the handlers the client installs (kept across resets). */
function makeState() {
  return {
    ...freshState(),
    certHandler: ((_resolve, reject) => reject()) as Resolver<string | null>,
    signFactory: (() => (resolve) => resolve(null)) as (toSign: string) => Resolver<string | null>,
    /** The client's hashing step (replaced by `api.setSha256Type`). */
    hasher: ((text: string) => `hash-of-${(JSON.parse(text) as { call: string }).call}`) as (
      text: string,
    ) => string | Promise<string>,
  };
}

type FakeState = ReturnType<typeof makeState>;

/** The connection and the certificate and signature set-up, as the client sees them. */
function connection(state: FakeState) {
  return {
    websocket: {
      connect: vi.fn(async () => {
        if (state.failConnect) throw new Error('Unable to establish connection with QZ');
        const cert = await new Promise<string | null>((resolve) =>
          state.certHandler(resolve, () => resolve(null)),
        );
        state.certificates.push(cert);
        state.connects += 1;
        state.active = true;
      }),
      disconnect: vi.fn(async () => {
        await Promise.resolve();
        state.disconnects += 1;
        state.active = false;
      }),
      isActive: () => state.active,
    },
    security: {
      setCertificatePromise: (h: Resolver<string | null>) => {
        state.certHandler = h;
      },
      setSignaturePromise: (f: (toSign: string) => Resolver<string | null>) => {
        state.signFactory = f;
      },
      setSignatureAlgorithm: (a: string) => {
        state.algorithm = a;
      },
    },
    api: {
      getVersion: vi.fn(async () => Promise.resolve('2.2.5')),
      setSha256Type: (h: (text: string) => string | Promise<string>) => {
        state.hasher = h;
      },
    },
  };
}

/** The calls QZ signs: finding printers, printing, the device's address. */
function signedCalls(state: FakeState) {
  const sign = async (call: string, params?: unknown) => {
    const text = JSON.stringify({ call, params, timestamp: Date.now() });
    state.hashed.push(text);
    const hash = await state.hasher(text);
    const signature = await new Promise<string | null>((resolve, reject) =>
      state.signFactory(hash)(resolve, reject),
    );
    state.signatures.push(signature);
  };
  return {
    printers: {
      find: vi.fn(async (query?: string) => {
        await sign('printers.find');
        if (query === undefined) return state.printers;
        const hit = state.printers.find((p) => p.toLowerCase().includes(query.toLowerCase()));
        if (!hit) throw new Error('Specified printer could not be found.');
        return hit;
      }),
      getDefault: vi.fn(async () => {
        await sign('printers.getDefault');
        return state.defaultPrinter;
      }),
    },
    configs: {
      create: vi.fn((printer: string, options?: Record<string, unknown>) => ({ printer, options })),
    },
    print: vi.fn(async (_config: unknown, _data: unknown[]) => {
      await sign('print');
      if (state.failPrint) throw new Error(state.failPrint);
    }),
    networking: {
      device: vi.fn(async () => {
        await sign('networking.device');
        return { mac: 'a4:5e:60:c1:0f:3b', ip: '192.168.1.20' };
      }),
    },
  };
}

/**
 * A stand-in for the `qz-tray` module (the boundary the web app's printing is tested at): it
 * runs the certificate promise on connect and the signature promise on every call that QZ
 * signs, as the real client does, and records what it was given.
 */
export function makeFakeQz() {
  const state = makeState();
  const qz = { ...connection(state), ...signedCalls(state) };
  const reset = () => {
    Object.assign(state, freshState());
    vi.clearAllMocks();
  };
  return { state, qz, reset };
}

export const TEST_CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

/** The server as the printing code sees it: certificate, signatures, ESC/POS, network print. */
export function fakeServer(opts: { networkPrint?: number; networkCode?: string; escposData?: string } = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    await Promise.resolve();
    if (url === '/api/print/certificate') return new Response(TEST_CERT, { status: 200 });
    if (url === '/api/print/sign' && method === 'POST') {
      const body = JSON.parse(init?.body as string) as { request: string; algorithm: string };
      const hash = `hash-of-${(JSON.parse(body.request) as { call: string }).call}`;
      return Response.json({ hash, signature: `sig(${hash},${body.algorithm})` });
    }
    const esc = /^\/api\/receipts\/(\w+)\/escpos\?columns=(\d+)$/.exec(url);
    if (esc)
      return Response.json({
        job_name: `Receipt #${esc[1]}`,
        width: esc[2] === '32' ? 58 : 80,
        data: opts.escposData ?? 'G0AdVkIA',
      });
    if (method === 'POST' && /^\/api\/receipts\/\w+\/(drawer|print)-return$/.test(url))
      return Response.json({ returned: true });
    if (method === 'POST' && /^\/api\/receipts\/\w+\/print$/.test(url)) {
      const status = opts.networkPrint ?? 200;
      return status === 200
        ? Response.json({ job_name: 'Receipt #000123', printer: '192.168.1.50:9100', bytes: 8 })
        : Response.json(
            { error: { code: opts.networkCode ?? 'printer_unreachable', message: 'refused' } },
            { status },
          );
    }
    if (method === 'POST' && url === '/api/print/drawer')
      return Response.json({ printer: '192.168.1.50:9100' });
    return Response.json({ error: { code: 'not_found', message: url } }, { status: 404 });
  });
  return { calls, fetchMock };
}
