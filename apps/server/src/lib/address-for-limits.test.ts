import { describe, expect, it } from 'vitest';
import { addressForLimits } from './address-for-limits.js';

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address as it is, also when it comes IPv4-mapped in IPv6', () => {
    expect(addressForLimits('203.0.113.5')).toBe('203.0.113.5');
    expect(addressForLimits('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressForLimits('::FFFF:cb00:7105')).toBe('203.0.113.5');
    expect(addressForLimits('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('is the /64 of an IPv6 address, however the address is written', () => {
    for (const ip of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d'])
      expect(addressForLimits(ip), ip).toBe('2001:db8:1:2::/64');
    expect(addressForLimits('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressForLimits('2001:db8:1:3::1')).not.toBe(addressForLimits('2001:db8:1:2::1'));
    expect(addressForLimits('::1')).toBe('0:0:0:0::/64');
    expect(addressForLimits('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressForLimits('64:ff9b::203.0.113.5')).toBe('64:ff9b:0:0::/64');
  });

  it('is anything that is not an IP address as it is', () => {
    expect(addressForLimits('')).toBe('');
    expect(addressForLimits('unknown')).toBe('unknown');
  });
});
