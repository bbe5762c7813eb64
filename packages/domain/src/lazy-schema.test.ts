import { types } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyProxy, lazySchema } from './lazy-schema.js';

describe('lazyProxy', () => {
  const note = () => z.string().trim().max(500).optional();

  it('builds nothing until the schema is first used, then builds it once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(1), qty: z.number().int() }));
    const schema = lazyProxy(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ name: 'Sugar', qty: 2 })).toEqual({ name: 'Sugar', qty: 2 });
    expect(schema.safeParse({ name: '', qty: 2 }).success).toBe(false);
    expect(schema.shape.name.minLength).toBe(1);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('is the schema for instanceof, its builder methods and composition into other schemas', () => {
    const name = lazyProxy(() => z.string().max(80));
    expect(name).toBeInstanceOf(z.ZodString);
    expect(name.max(10).safeParse('x'.repeat(11)).success).toBe(false);
    expect(name.optional().parse(undefined)).toBeUndefined();
    const body = lazyProxy(() => z.strictObject({ name, note: note() }));
    expect(body.shape.name).toBe(name);
    expect(body.safeParse({ name: 'x'.repeat(81) }).success).toBe(false);
    expect(body.safeParse({ name: 'Sugar', extra: 1 }).success).toBe(false);
    expect(body.extend({ qty: z.number() }).parse({ name: 'Sugar', qty: 1 })).toEqual({
      name: 'Sugar',
      qty: 1,
    });
    expect(z.array(body).parse([{ name: 'Sugar' }])).toEqual([{ name: 'Sugar' }]);
  });

  it('spreads as the object of fields it stands for', () => {
    const fields = lazyProxy(() => ({ name: z.string(), note: note() }));
    expect(Object.keys(fields)).toEqual(['name', 'note']);
    const schema = z.object({ ...fields, qty: z.number() });
    expect(Object.keys(schema.shape)).toEqual(['name', 'note', 'qty']);
    expect(schema.parse({ name: 'Sugar', note: ' dry ', qty: 1 })).toEqual({
      name: 'Sugar',
      note: 'dry',
      qty: 1,
    });
  });
});

describe('lazySchema', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds at once and returns the schema itself on a server (no document)', () => {
    const built = z.string();
    const build = vi.fn(() => built);
    expect(lazySchema(build)).toBe(built);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('waits for the first use in a browser', () => {
    vi.stubGlobal('document', {});
    const build = vi.fn(() => z.string());
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse('Sugar')).toBe('Sugar');
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe("the domain's schemas", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are all built on first use in a browser: the module of each builds none of them', async () => {
    vi.stubGlobal('document', {});
    vi.resetModules();
    const domain: Record<string, unknown> = await import('./index.js');
    const schemas = Object.entries(domain).filter(
      ([, v]) => typeof v === 'object' && v !== null && '_zod' in v,
    );
    expect(schemas.length).toBeGreaterThan(100);
    expect(schemas.filter(([, v]) => !types.isProxy(v)).map(([k]) => k)).toEqual([]);
  });
});
