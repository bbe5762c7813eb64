import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, saveConfig } from './config.js';
import { pairWithCertificate } from './pairing.js';
import {
  connect,
  errorOf,
  loadQz,
  makeBusiness,
  startFakePrinter,
  startTestHelper,
  useBusiness,
  type Business,
  type FakePrinter,
  type TestHelper,
} from './test/harness.js';

/** Refusals, through the official qz-tray client against the real helper: none may print. */
const qz = loadQz();

let shop: Business;
let otherShop: Business;
let printer: FakePrinter;
let t: TestHelper;

beforeAll(async () => {
  shop = makeBusiness('Mama Mboga Stores');
  otherShop = makeBusiness('Another Shop');
  printer = await startFakePrinter();
  t = await startTestHelper({
    printers: [
      { name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port },
      { name: 'Back office', type: 'device', path: '/tmp/unused' },
    ],
    pairWith: shop,
  });
});

afterEach(async () => {
  if (qz.websocket.isActive()) await qz.websocket.disconnect();
});

afterAll(async () => {
  await t.close();
  await printer.close();
});

describe('refusals', () => {
  const ticket = [{ type: 'raw', format: 'command', flavor: 'plain', data: 'should never print\n' }];

  /** After a refusal the same connection still prints: the helper keeps serving. */
  async function stillPrints(): Promise<void> {
    useBusiness(qz, shop);
    const job = printer.nextJob();
    await qz.print(qz.configs.create('Counter'), ['ok\n']);
    expect((await job).toString()).toBe('ok\n');
  }

  it('refuses an unsigned print', async () => {
    useBusiness(qz, shop, null);
    await connect(qz, t.helper);
    const before = printer.connections;
    const err = await errorOf(qz.print(qz.configs.create('Counter'), ticket));
    expect(err.message).toMatch(/not signed/);
    expect(printer.connections).toBe(before);
    expect(await qz.api.getVersion()).toBeTruthy();
    await stillPrints();
  });

  it('refuses a print signed by another business, with its own certificate', async () => {
    useBusiness(qz, otherShop);
    await connect(qz, t.helper);
    const before = printer.connections;
    const err = await errorOf(qz.print(qz.configs.create('Counter'), ticket));
    expect(err.message).toMatch(/not the business certificate this helper is paired with/);
    expect(printer.connections).toBe(before);
    // The certificate is kept per connection: reconnect with the paired one and it prints.
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    await stillPrints();
  });

  it("refuses a print sent with the paired certificate but signed by another business's key", async () => {
    useBusiness(qz, shop, otherShop);
    await connect(qz, t.helper);
    const err = await errorOf(qz.print(qz.configs.create('Counter'), ticket));
    expect(err.message).toMatch(/invalid signature/);
    await stillPrints();
  });

  it('refuses a call whose params differ from what was signed', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const now = Date.now();
    const signedForCounter = shop.presign('printers.find', { query: 'Counter' }, now);
    expect(await qz.printers.find('Counter', signedForCounter, now)).toBe('Counter');
    const err = await errorOf(qz.printers.find('Back office', signedForCounter, now));
    expect(err.message).toMatch(/invalid signature/);
  });

  it('refuses a timestamp more than 5 minutes old or more than a minute ahead; fresh ones pass', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    // Pre-signed calls go out without signAlgorithm, so QZ (and the helper) read them as SHA1.
    const find = (ts: number) =>
      qz.printers.find('Counter', shop.presign('printers.find', { query: 'Counter' }, ts), ts);
    for (const minutes of [6, 14]) {
      const err = await errorOf(find(Date.now() - minutes * 60 * 1000));
      expect(err.message).toMatch(/expired signature/);
    }
    expect(await find(Date.now() - 4 * 60 * 1000)).toBe('Counter');
    for (const ahead of [2 * 60 * 1000, 14 * 60 * 1000]) {
      const err = await errorOf(find(Date.now() + ahead));
      expect(err.message).toMatch(/more than a minute ahead/);
    }
    expect(await find(Date.now() + 30_000)).toBe('Counter');
    await stillPrints();
  });

  it('runs a signed call once: the same signed call sent again is refused as a replay', async () => {
    useBusiness(qz, shop);
    await connect(qz, t.helper);
    const ts = Date.now();
    const signature = shop.presign('printers.find', { query: 'Counter' }, ts);
    expect(await qz.printers.find('Counter', signature, ts)).toBe('Counter');
    const err = await errorOf(qz.printers.find('Counter', signature, ts));
    expect(err.message).toMatch(/already used \(a replay\)/);
    // on another connection too
    await connect(qz, t.helper);
    const again = await errorOf(qz.printers.find('Counter', signature, ts));
    expect(again.message).toMatch(/already used/);
    await stillPrints();
  });

  it('refuses every signed call from a connection whose certificate is not the paired one', async () => {
    useBusiness(qz, otherShop);
    await connect(qz, t.helper);
    expect(await qz.api.getVersion()).toBeTruthy(); // unsigned by the client: still answered
    for (const call of [
      () => qz.printers.find(),
      () => qz.printers.getDefault(),
      () => qz.print(qz.configs.create('Counter'), ticket),
    ]) {
      expect((await errorOf(call())).message).toMatch(/Request blocked/);
    }
    expect(await qz.api.getVersion()).toBeTruthy();
  });

  it('refuses signed calls from a connection that sent no certificate', async () => {
    useBusiness(qz, null, shop);
    await connect(qz, t.helper);
    expect((await errorOf(qz.printers.find())).message).toMatch(/sent no certificate/);
    expect((await errorOf(qz.printers.getDefault())).message).toMatch(/sent no certificate/);
    expect(await qz.api.getVersion()).toBeTruthy();
  });
});

describe("the helper's clock", () => {
  it('refuses a call signed now when the helper clock is 6 minutes ahead, accepts at 3', async () => {
    let skew = 6 * 60 * 1000;
    const fast = await startTestHelper({
      printers: [{ name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port }],
      pairWith: shop,
      clock: () => Date.now() + skew,
    });
    try {
      useBusiness(qz, shop);
      await connect(qz, fast.helper);
      const before = printer.connections;
      const err = await errorOf(qz.print(qz.configs.create('Counter'), ['late\n']));
      expect(err.message).toMatch(/expired signature/);
      expect(printer.connections).toBe(before);
      skew = 3 * 60 * 1000;
      const job = printer.nextJob();
      await qz.print(qz.configs.create('Counter'), ['on time\n']);
      expect((await job).toString()).toBe('on time\n');
    } finally {
      await qz.websocket.disconnect();
      await fast.close();
    }
  });
});

describe('a helper that is not paired', () => {
  it('refuses signed calls until paired, then accepts them without a restart', async () => {
    const fresh = await startTestHelper({ printers: [{ name: 'Counter', type: 'device', path: '/tmp/x' }] });
    try {
      useBusiness(qz, shop);
      await connect(qz, fresh.helper);
      expect((await errorOf(qz.printers.find())).message).toMatch(/not paired/);
      pairWithCertificate(fresh.dir, shop.cert, 'test');
      // The certificate was sent at connect; the pairing is read per call.
      expect(await qz.printers.find()).toEqual(['Counter']);
    } finally {
      await qz.websocket.disconnect();
      await fresh.close();
    }
  });

  it('answers the device address and host name unsigned by default (the sign-in page), never print', async () => {
    const open = await startTestHelper({
      printers: [{ name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port }],
      pairWith: shop,
      config: { mac: '02-AB-cd-00-11-22' },
    });
    try {
      // What the sign-in page does: no certificate, no signature.
      useBusiness(qz, null, null);
      await connect(qz, open.helper);
      const before = printer.connections;
      expect((await qz.networking.device()).mac).toBe('02ABCD001122');
      expect(await qz.networking.hostname()).toBeTruthy();
      expect((await errorOf(qz.print(qz.configs.create('Counter'), ['x']))).message).toMatch(
        /Request blocked: the page sent no certificate/,
      );
      expect((await errorOf(qz.printers.find())).message).toMatch(/Request blocked/);
      expect(printer.connections).toBe(before);
      // A page with another business's certificate reads the device too, and still cannot print.
      useBusiness(qz, otherShop);
      await connect(qz, open.helper);
      expect((await qz.networking.device()).mac).toBe('02ABCD001122');
      expect((await errorOf(qz.print(qz.configs.create('Counter'), ['x']))).message).toMatch(
        /Request blocked/,
      );
      expect(printer.connections).toBe(before);
    } finally {
      await qz.websocket.disconnect();
      await open.close();
    }
  });

  it('refuses the unsigned device read once allowUnsigned is emptied, and opens only what it lists', async () => {
    const closed = await startTestHelper({
      printers: [{ name: 'Counter', type: 'network', host: '127.0.0.1', port: printer.port }],
      config: { allowUnsigned: [], mac: '02-AB-cd-00-11-22' },
    });
    try {
      useBusiness(qz, null, null);
      await connect(qz, closed.helper);
      expect((await errorOf(qz.networking.device())).message).toMatch(/Request blocked/);
      expect((await errorOf(qz.networking.hostname())).message).toMatch(/Request blocked/);
      // Read per call: opening the device read alone applies at once, the host name stays closed.
      saveConfig(closed.dir, { ...loadConfig(closed.dir), allowUnsigned: ['networking.device'] });
      expect((await qz.networking.device()).mac).toBe('02ABCD001122');
      expect((await errorOf(qz.networking.hostname())).message).toMatch(/Request blocked/);
      expect((await errorOf(qz.print(qz.configs.create('Counter'), ['x']))).message).toMatch(
        /Request blocked/,
      );
    } finally {
      await qz.websocket.disconnect();
      await closed.close();
    }
  });
});
