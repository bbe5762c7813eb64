import { describe, expect, it } from 'vitest';
import { countAlphanumeric, truncateShopName } from './text.js';

describe('countAlphanumeric (seed spec §5)', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['a b c', 3],
    ['Shop-42!', 6],
    ['  ..,;  ', 0],
    ['Café 12', 6],
    ['Ñandú', 5],
    ['Straße', 6],
    ['١٢٣', 3],
    ['😀 ok', 2],
  ])('counts %j as %i', (text, n) => {
    expect(countAlphanumeric(text)).toBe(n);
  });
});

describe('truncateShopName (seed spec §2, §9)', () => {
  it('keeps the first 13 characters', () => {
    expect(truncateShopName('Mama Mboga Stores Ltd')).toBe('Mama Mboga St');
    expect(truncateShopName('Short')).toBe('Short');
    expect(Array.from(truncateShopName('ÁÉÍÓÚáéíóúÀÈÌÒÙ'))).toHaveLength(13);
  });
});
