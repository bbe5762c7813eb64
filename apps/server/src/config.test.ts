import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, also on a hosted server', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://h/db', TRUST_PROXY: '', KEY_ENCRYPTION_KEY: 'a'.repeat(64) })
        .trustProxy,
    ).toBe(false);
  });

  it('takes a hop count or a comma list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', '*', '0', '11', '10.0.0.0/33', '10.0.0', 'proxy.example.com', '127.0.0.1,,x', '::1/129'])(
    'refuses %j with a message naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('PG_POOL_MAX', () => {
  it('is 10 connections per process unless set', () => {
    expect(loadConfig({}).pgPoolMax).toBe(10);
    expect(loadConfig({ PG_POOL_MAX: '24' }).pgPoolMax).toBe(24);
  });

  it.each(['0', '-3', '2.5', 'ten', '1001'])('refuses %j with a message naming PG_POOL_MAX', (value) => {
    expect(() => loadConfig({ PG_POOL_MAX: value })).toThrow(/PG_POOL_MAX/);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('is no more names unless set, else a comma list of host names in lower case', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(loadConfig({ ALLOWED_HOSTS: ' Duka.Mama-Mboga.co.ke, pos.example.com,,' }).allowedHosts).toEqual([
      'duka.mama-mboga.co.ke',
      'pos.example.com',
    ]);
  });

  it.each([
    'http://pos.example.com',
    'pos.example.com:3000',
    'pos.example.com/',
    'pos..example.com',
    '*.example.com',
  ])('refuses %j with a message naming ALLOWED_HOSTS', (value) => {
    expect(() => loadConfig({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS/);
  });
});
