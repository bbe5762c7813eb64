import { describe, expect, it } from 'vitest';
import { nameKey } from './names.js';

describe('nameKey', () => {
  it('tells names apart as people do: letter case, width forms and spaces aside', () => {
    expect(nameKey(' Branch  B ')).toBe('branch b');
    expect(nameKey('ＢＲＡＮＣＨ B')).toBe('branch b');
    expect(nameKey('Branch B')).not.toBe(nameKey('Branch C'));
  });
});
