import { describe, expect, it } from 'vitest';
import { parseCertificate } from './certs.js';
import { listDevices, primaryDevice, type Interfaces } from './device.js';
import { decodePrintData } from './print-data.js';
import {
  needsSigned,
  parseIncoming,
  ReplayGuard,
  sha256Hex,
  signedContent,
  verifySignedCall,
  type QzCall,
} from './protocol.js';
import { makeBusiness } from './test/harness.js';

const shop = makeBusiness('Signing Shop');
const key = parseCertificate(shop.cert).publicKey;
const NOW = 1_750_000_000_000;

function signed(message: Omit<QzCall, 'uid' | 'signature'>, algorithm: 'sha1' | 'sha256' | 'sha512'): QzCall {
  const call = { uid: 'abc123', ...message };
  return { ...call, signature: shop.sign(sha256Hex(signedContent(call)), algorithm) };
}

describe('what is signed', () => {
  it('is JSON.stringify({call, params, timestamp}) of the message as it arrived', () => {
    // End to end, the client's own built-in SHA-256 (of UTF-8 text, non-ASCII included) is
    // checked by the signed prints in qz-client.test.ts.
    const params = {
      printer: { name: 'Counter' },
      options: { jobName: 'Receipt #1', copies: 1 },
      data: ['\u00e9\x1b@'],
    };
    expect(signedContent({ uid: 'x', call: 'print', params, timestamp: 5 })).toBe(
      '{"call":"print","params":{"printer":{"name":"Counter"},"options":{"jobName":"Receipt #1","copies":1},"data":["\u00e9\\u001b@"]},"timestamp":5}',
    );
    // Absent params are left out, null params are kept: both as the client's JSON.stringify does.
    expect(signedContent({ uid: 'x', call: 'networking.hostname', timestamp: 5 })).toBe(
      '{"call":"networking.hostname","timestamp":5}',
    );
    expect(signedContent({ uid: 'x', call: 'printers.getDefault', params: null, timestamp: 5 })).toBe(
      '{"call":"printers.getDefault","params":null,"timestamp":5}',
    );
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('mirrors the client list of calls sent unsigned', () => {
    expect(needsSigned('getVersion')).toBe(false);
    expect(needsSigned('printers.getStatus')).toBe(false);
    for (const call of [
      'print',
      'printers.find',
      'printers.getDefault',
      'networking.device',
      'networking.hostname',
    ]) {
      expect(needsSigned(call)).toBe(true);
    }
  });
});

describe('verifySignedCall', () => {
  const base = { call: 'printers.find', params: { query: 'Counter' }, timestamp: NOW };

  it.each(['sha1', 'sha256', 'sha512'] as const)('accepts an RSA signature with %s', (alg) => {
    const msg = { ...signed(base, alg), signAlgorithm: alg.toUpperCase() };
    expect(verifySignedCall(msg, key, NOW)).toEqual({ ok: true });
  });

  it('reads a missing signAlgorithm as SHA1, as QZ Tray does', () => {
    expect(verifySignedCall(signed(base, 'sha1'), key, NOW)).toEqual({ ok: true });
    expect(verifySignedCall(signed(base, 'sha512'), key, NOW).ok).toBe(false);
  });

  it('refuses a signature made with another algorithm than the one claimed', () => {
    const msg = { ...signed(base, 'sha256'), signAlgorithm: 'SHA512' };
    expect(verifySignedCall(msg, key, NOW)).toEqual({
      ok: false,
      reason: 'Request blocked: invalid signature',
    });
  });

  it('refuses an unknown algorithm, a garbled signature and a missing one', () => {
    expect(verifySignedCall({ ...signed(base, 'sha512'), signAlgorithm: 'MD5' }, key, NOW).ok).toBe(false);
    expect(
      verifySignedCall({ uid: 'a', ...base, signature: '!!!', signAlgorithm: 'SHA512' }, key, NOW).ok,
    ).toBe(false);
    expect(verifySignedCall({ uid: 'a', ...base, signature: '' }, key, NOW)).toEqual({
      ok: false,
      reason: 'Request blocked: the call is not signed',
    });
  });

  it('accepts timestamps up to 5 minutes old and 60 seconds ahead of the clock, not beyond', () => {
    const msg = { ...signed(base, 'sha512'), signAlgorithm: 'SHA512' };
    const five = 5 * 60 * 1000;
    expect(verifySignedCall(msg, key, NOW + five).ok).toBe(true);
    expect(verifySignedCall(msg, key, NOW - 60_000).ok).toBe(true);
    expect(verifySignedCall(msg, key, NOW + five + 1)).toEqual({
      ok: false,
      reason: expect.stringMatching(/expired signature/) as unknown,
    });
    expect(verifySignedCall(msg, key, NOW - 60_001)).toEqual({
      ok: false,
      reason: expect.stringMatching(/ahead of this computer's clock/) as unknown,
    });
    expect(verifySignedCall(msg, key, NOW - 14 * 60 * 1000).ok).toBe(false);
    expect(verifySignedCall({ ...msg, timestamp: 'soon' }, key, NOW).ok).toBe(false);
  });
});

describe('ReplayGuard', () => {
  it('lets a signature through once, and forgets it when it has expired anyway', () => {
    const guard = new ReplayGuard();
    expect(guard.claim('sig-a', NOW, NOW)).toBe(true);
    expect(guard.claim('sig-a', NOW, NOW + 1000)).toBe(false);
    expect(guard.claim('sig-b', NOW, NOW + 1000)).toBe(true);
    expect(guard.size).toBe(2);
    expect(guard.claim('sig-c', NOW + 6 * 60 * 1000, NOW + 6 * 60 * 1000)).toBe(true);
    expect(guard.size).toBe(1);
  });
});

describe('parseIncoming', () => {
  it('tells keep-alive, certificate, calls and garbage apart', () => {
    expect(parseIncoming('ping')).toEqual({ kind: 'ping' });
    expect(parseIncoming('{"certificate":null,"uid":"a1"}')).toEqual({
      kind: 'certificate',
      uid: 'a1',
      certificate: null,
    });
    expect(parseIncoming('not json')).toMatchObject({ kind: 'invalid', uid: '' });
    expect(parseIncoming('{"uid":"b2"}')).toMatchObject({ kind: 'invalid', uid: 'b2' });
    const call = parseIncoming('{"call":"print","uid":"c3","timestamp":1,"position":{"x":0,"y":0}}');
    expect(call).toEqual({ kind: 'call', message: { uid: 'c3', call: 'print', timestamp: 1 } });
  });
});

describe('print data', () => {
  it('decodes plain, base64 and hex items in order', () => {
    const bytes = decodePrintData(
      [
        'A',
        { type: 'raw', format: 'command', flavor: 'base64', data: 'Qg==' },
        { flavor: 'HEX', data: '43 0a' },
      ],
      {},
    );
    expect(bytes.equals(Buffer.from('ABC\n'))).toBe(true);
  });

  it('refuses empty data, bad base64 and other flavors', () => {
    expect(() => decodePrintData([], {})).toThrow(/empty/);
    expect(() => decodePrintData([{ flavor: 'base64', data: 'a$b=' }], {})).toThrow(/base64/);
    expect(() => decodePrintData([{ flavor: 'file', data: '/etc/passwd' }], {})).toThrow(
      /unsupported flavor/,
    );
    expect(() => decodePrintData(['x'], { encoding: 'Shift_JIS' })).toThrow(/Unsupported encoding/);
  });
});

describe('device address', () => {
  const interfaces: Interfaces = {
    lo: [
      {
        address: '127.0.0.1',
        netmask: '255.0.0.0',
        family: 'IPv4',
        mac: '00:00:00:00:00:00',
        internal: true,
        cidr: null,
      },
    ],
    docker0: [
      {
        address: '172.17.0.1',
        netmask: '255.255.0.0',
        family: 'IPv4',
        mac: '00:00:00:00:00:00',
        internal: false,
        cidr: null,
      },
    ],
    wlan0: [
      {
        address: 'fe80::1',
        netmask: 'ffff::',
        family: 'IPv6',
        mac: 'a4:5e:60:c1:0f:3b',
        internal: false,
        cidr: null,
        scopeid: 3,
      },
      {
        address: '192.168.1.23',
        netmask: '255.255.255.0',
        family: 'IPv4',
        mac: 'a4:5e:60:c1:0f:3b',
        internal: false,
        cidr: null,
      },
    ],
    eth1: [
      {
        address: '10.0.0.5',
        netmask: '255.0.0.0',
        family: 'IPv4',
        mac: '3c:52:82:aa:bb:cc',
        internal: false,
        cidr: null,
      },
    ],
  };

  it('takes the first non-internal interface with a real MAC, uppercase hex without separators', () => {
    const device = primaryDevice(null, interfaces, 'till-1');
    expect(device).toMatchObject({
      name: 'wlan0',
      mac: 'A45E60C10F3B',
      ip: '192.168.1.23',
      hostname: 'till-1',
      primary: true,
    });
    expect(listDevices(interfaces, 'till-1').map((d) => d.mac)).toEqual(['A45E60C10F3B', '3C5282AABBCC']);
  });

  it('uses the configured MAC when set, and explains when there is none at all', () => {
    expect(primaryDevice('aa-bb-cc-dd-ee-ff', interfaces, 'h').mac).toBe('AABBCCDDEEFF');
    expect(() => primaryDevice(null, { lo: interfaces.lo }, 'h')).toThrow(/set "mac"/);
  });
});
