import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ALLOW_UNSIGNED, defaultConfig, parseConfig } from './config.js';

describe('allowUnsigned', () => {
  it('opens the device address and host name by default, for the sign-in page', () => {
    expect(DEFAULT_ALLOW_UNSIGNED).toEqual(['networking.device', 'networking.hostname']);
    expect(defaultConfig().allowUnsigned).toEqual(['networking.device', 'networking.hostname']);
    // A config file without the field (written before it existed, or by hand) gets the default.
    expect(parseConfig({}).allowUnsigned).toEqual(['networking.device', 'networking.hostname']);
  });

  it('keeps an explicit list, an empty one switching the unsigned reads off', () => {
    expect(parseConfig({ allowUnsigned: [] }).allowUnsigned).toEqual([]);
    expect(parseConfig({ allowUnsigned: ['networking.device'] }).allowUnsigned).toEqual([
      'networking.device',
    ]);
  });

  it('never opens printing or anything that is not a read', () => {
    for (const call of ['print', 'file.list', 'serial.openPort']) {
      expect(() => parseConfig({ allowUnsigned: [call] })).toThrow(ConfigError);
    }
    expect(() => parseConfig({ allowUnsigned: 'networking.device' })).toThrow(/must be a list/);
  });
});
