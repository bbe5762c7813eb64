import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../lib/canonical.js';
import { canonicalBody } from './documents.js';

/** What rows hold: the fast path's shape. */
const plainCell = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.record({ $base64: fc.base64String() }),
);
const plainBody = fc.dictionary(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/),
  fc.array(fc.dictionary(fc.stringMatching(/^[a-z_$][a-z0-9_]{0,10}$/), plainCell), { maxLength: 4 }),
);
/** Anything else, too: what the fast path must leave to canonical(). */
const cell = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.record({ $base64: fc.base64String() }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.record({ $base64: fc.integer() }),
  fc.record({ a: fc.string(), $base64: fc.string() }),
  fc.constant(new Date(0)),
  fc.constant(() => 1),
);
const row = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('id', 'b', 'a_b', '10', '2', 'é', '__proto__', 'constructor')),
  cell,
);
const body = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('sales', 'sale_lines', '__proto__', '7')),
  fc.oneof(fc.array(row, { maxLength: 4 }), fc.constant(undefined), fc.constant(null), row, fc.integer()),
);

describe('the canonical text of a document body', () => {
  it('is exactly what canonical() writes, for bodies of any shape', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(canonicalBody(b as never)).toBe(canonical(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('is exactly what canonical() writes, for bodies of plain rows', () => {
    fc.assert(
      fc.property(plainBody, (b) => {
        expect(canonicalBody(b as never)).toBe(canonical(b));
      }),
      { numRuns: 2000 },
    );
    const sale = {
      sales: [
        { id: 's1', total: 54_000, note: 'é "q"', debtor_id: null, kind: 'cash', business_day: '2026-01-02' },
      ],
      sale_lines: [
        { sale_id: 's1', line_no: 2, quantity: 3000, name: 'Sugar' },
        { sale_id: 's1', line_no: 1, quantity: 1000, name: 'Bread', unit_price: 6_500.5 },
      ],
      files: [{ id: 'f', bytes: { $base64: 'AAEC' }, size: 3 }],
      debtor_entries: [],
    };
    expect(canonicalBody(sale)).toBe(canonical(sale));
  });

  it('is canonical() also for a body that is not an object of tables', () => {
    for (const b of [
      null,
      [],
      [{ a: 1 }],
      'x',
      3,
      new Date(0),
      { t: [[1]] },
      { t: [null] },
      { t: [undefined] },
      // two row shapes whose names join to the same text: {} and {"": …}, names holding U+0000
      { '': [{}, { '': { a: '', $base64: '' } }] },
      { t: [{}, { '': 1 }] },
      {
        t: [
          { 'a\u0000b': 1, c: 2 },
          { a: 3, 'b\u0000c': 4 },
        ],
      },
    ])
      expect(canonicalBody(b as never)).toBe(canonical(b));
  });
});
