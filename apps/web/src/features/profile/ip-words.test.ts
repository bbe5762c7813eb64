import { describe, expect, it } from 'vitest';
import { ipWords } from './ip-words';

describe('a session’s address, described', () => {
  it.each([
    [null, 'unknown', ''],
    ['127.0.0.1', 'thisComputer', '127.0.0.1'],
    ['::1', 'thisComputer', '::1'],
    ['::ffff:127.0.0.1', 'thisComputer', '127.0.0.1'],
    ['192.168.1.20', 'local', '192.168.1.20'],
    ['::ffff:10.0.0.7', 'local', '10.0.0.7'],
    ['172.16.4.1', 'local', '172.16.4.1'],
    ['172.32.4.1', 'public', '172.32.4.1'],
    ['169.254.3.9', 'local', '169.254.3.9'],
    ['fe80::1c2a:3bff:fe4d:5e6f%eth0', 'local', 'fe80:…'],
    ['fd12:3456:789a:1::1', 'local', 'fd12:3456:789a:1::1'],
    ['41.90.64.3', 'public', '41.90.64.3'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', 'public', '2001:db8:85a3:8d3:…'],
    ['2C0F:FE38:2100::9', 'public', '2c0f:fe38:2100::9'],
  ] as const)('%s is %s, shown as %s', (ip, kind, short) => {
    expect(ipWords(ip)).toMatchObject({ kind, short });
  });

  it('keeps the whole address for a tooltip', () => {
    expect(ipWords('2001:db8:85a3:8d3:1319:8a2e:370:7348').full).toBe('2001:db8:85a3:8d3:1319:8a2e:370:7348');
  });
});
