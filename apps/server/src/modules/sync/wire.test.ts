import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entrySchema, isDocBody } from './wire.js';

/** The zod schema the body check replaced: the reference it must agree with. */
const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const zodCell = z.union([
  z.string().max(2_000_000),
  z.number(),
  z.null(),
  z.object({ $base64: z.string().max(2_000_000) }).strict(),
]);
const zodBody = z.record(
  z.string().regex(NAME),
  z.array(z.record(z.string().regex(NAME), zodCell)).max(20_000),
);

// No "__proto__": zod's record passes over an own key of that name (the check refuses it, below).
const name = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/),
  fc.constantFrom('', 'A', '_x', '1a', 'constructor', 'a-b', 'x'.repeat(41), 'é'),
);
const cell = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.record({ $base64: fc.base64String() }),
  fc.record({ $base64: fc.integer() }),
  fc.record({ $base64: fc.string(), a: fc.string() }),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant(new Date(0)),
);
const row = fc.oneof(
  fc.dictionary(name, cell, { maxKeys: 5 }),
  fc.constant(null),
  fc.integer(),
  fc.constant([]),
);
const body = fc.oneof(
  fc.dictionary(name, fc.oneof(fc.array(row, { maxLength: 3 }), row, fc.constant(null)), { maxKeys: 4 }),
  fc.constant(null),
  fc.constant([]),
  fc.string(),
);

describe('the push body check', () => {
  it('accepts and refuses exactly what the zod schema did', () => {
    fc.assert(
      fc.property(body, (b) => {
        expect(isDocBody(b)).toBe(zodBody.safeParse(b).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses what JSON can carry but a body may not', () => {
    const parsed = (text: string) => isDocBody(JSON.parse(text));
    expect(parsed('{"sales":[{"id":"a","total":5,"note":null,"logo":{"$base64":"AA=="}}]}')).toBe(true);
    expect(parsed('{"__proto__":[{"id":"a"}]}')).toBe(false);
    expect(parsed('{"sales":[{"__proto__":1}]}')).toBe(false);
    expect(parsed('{"sales":[{"id":true}]}')).toBe(false);
    expect(parsed('{"sales":[{"id":{"$base64":"AA==","x":1}}]}')).toBe(false);
    expect(parsed('{"sales":[[1]]}')).toBe(false);
    expect(parsed('{"Sales":[]}')).toBe(false);
    expect(isDocBody({ sales: [{ id: 'x'.repeat(2_000_001) }] })).toBe(false);
    expect(isDocBody({ sales: Array.from({ length: 20_001 }, () => ({})) })).toBe(false);
    expect(isDocBody({ sales: [{ total: Number.POSITIVE_INFINITY }] })).toBe(false);
  });
});

describe('a journal entry on the wire', () => {
  const entry = {
    id: '0193b000-0000-7000-8000-000000000001',
    seq: 1,
    doc_type: 'product',
    doc_id: 'p1',
    action: 'product.create',
    user_id: null,
    device_id: null,
    detail: null,
    created_at: '2026-11-25T10:00:00.000Z',
  };

  it('carries its stamp; one from a sender before clocks has none', () => {
    const hlc = '001795600800000.000011.0193b000-0000-7000-8000-00000000000a';
    expect(entrySchema.parse({ ...entry, hlc }).hlc).toBe(hlc);
    expect(entrySchema.parse({ ...entry, hlc: '' }).hlc).toBe('');
    expect(entrySchema.parse(entry).hlc).toBe('');
    for (const bad of ['1795600800000.11.x', '001795600800000.000011.a.b', 'x'.repeat(101)])
      expect(entrySchema.safeParse({ ...entry, hlc: bad }).success).toBe(false);
  });
});
