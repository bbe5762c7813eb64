import { describe, expect, it } from 'vitest';
import { canonical, canonicalHash } from './canonical.js';

// Stored request hashes and sync document hashes were made by this text: it must never change.
describe('canonical JSON', () => {
  it('sorts keys by code unit at every depth and leaves undefined values out', () => {
    const value = { b: 1, a: [1, { d: undefined, c: 'x' }], é: null, Z: true, '10': 'ten', '9': [] };
    expect(canonical(value)).toBe('{"10":"ten","9":[],"Z":true,"a":[1,{"c":"x"}],"b":1,"é":null}');
  });

  it('writes an object whose every value is undefined as {} and keys that need escaping as JSON', () => {
    expect(canonical({ a: undefined })).toBe('{}');
    expect(canonical({ 'q"\n': 'v' })).toBe('{"q\\"\\n":"v"}');
    expect(canonical([])).toBe('[]');
    expect(canonical('text')).toBe('"text"');
  });

  it('hashes the same content the same whatever its key order', () => {
    expect(canonicalHash({ a: 1, b: [2, 3] })).toBe(canonicalHash({ b: [2, 3], a: 1 }));
    expect(canonicalHash({ a: 1 })).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });
});
