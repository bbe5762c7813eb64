import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { buildBusiness } from '../test/factories.js';
import { buildProduct } from '../test/stock-factories.js';

/** Text no field may take: NUL (500 on PostgreSQL before), bell, a right-to-left override. */
const BAD: [string, string][] = [
  ['NUL', 'Sugar\u00001kg'],
  ['bell', 'Sugar\u00071kg'],
  ['U+202E (right-to-left override)', 'Sugar \u202egk1'],
];

describe('text with control characters or direction overrides', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = (await buildBusiness(t.app)).cookie;
  });
  afterAll(() => t.close());

  it.each(BAD)('refuses %s in a product name with 422 naming the field', async (_what, name) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name, code: 'SUG1', price: 100 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'name' });
    const p = await buildProduct(t.app, admin, { code: `P-${_what.length}-${Date.now()}` });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      headers: { cookie: admin },
      payload: { name },
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().error.field).toBe('name');
  });

  it.each(BAD)('refuses %s in a search q with 422, never 500', async (_what, q) => {
    for (const url of ['/api/products', '/api/debtors', '/api/transfers']) {
      const res = await t.app.inject({
        url: `${url}?q=${encodeURIComponent(q)}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'q' });
    }
  });

  it.each(BAD)('reports %s in an import row with its row number; commit refuses it', async (_what, name) => {
    const csv = `code,name,price\nOK1,Salt,10\nBAD1,${name},20\n`;
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: admin },
      payload: { csv },
    });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<{ valid: boolean; rows: { row: number; errors: { field: string }[] }[] }>();
    expect(body.valid).toBe(false);
    expect(body.rows[0]!.errors).toEqual([]);
    expect(body.rows[1]!.row).toBe(3);
    expect(body.rows[1]!.errors.map((e) => e.field)).toEqual(['name']);

    const commit = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { cookie: admin },
      payload: { csv, commit: true },
    });
    expect(commit.statusCode).toBe(422);
    expect(commit.json().error).toMatchObject({ code: 'validation_failed', field: 'rows.3.name' });
    const stored = await t.db.kysely
      .selectFrom('products')
      .select('code')
      .where('code', 'in', ['OK1', 'BAD1'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps tabs and line feeds in multi-line fields, refuses them in single-line ones', async () => {
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { address: 'Plot 4\tMoi Avenue\nNairobi', receipt_footer: 'Asante\tsana\r\nKaribu tena' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      address: 'Plot 4\tMoi Avenue\nNairobi',
      receipt_footer: 'Asante\tsana\nKaribu tena',
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { receipt_footer: 'Asante\u0000' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field).toBe('receipt_footer');
    const tabName = await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { name: 'Mama\tMboga' },
    });
    expect(tabName.statusCode).toBe(422);
    expect(tabName.json().error.field).toBe('name');
  });

  it('every text field and parameter of every route refuses them (from the OpenAPI document)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json<OpenApiDoc>();
    const unchecked: string[] = [];
    const checked: string[] = [];
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${url}`;
        for (const p of op.parameters ?? []) walk(p.schema, `${where} ${p.in}:${p.name}`, checked, unchecked);
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) walk(body, `${where} body`, checked, unchecked);
      }
    }
    expect(unchecked.filter((u) => !EXEMPT.includes(u))).toEqual([]);
    expect(checked).toContain('POST /api/products body.name');
    expect(checked).toContain('GET /api/products query:q');
    expect(checked).toContain('PATCH /api/business/profile body.payment_details.other');
    expect(checked.length).toBeGreaterThan(100);
  });
});

/**
 * Strings that are not shown or stored as text: passwords (only hashed; a NUL may be part of
 * one), the CSV of an import (checked row by row, above) and the text a till asks the server
 * to sign for the printer (never stored).
 */
const EXEMPT = [
  'POST /api/setup body.password',
  'POST /api/auth/login body.password',
  'POST /api/users body.password',
  'POST /api/me/password body.current_password',
  'POST /api/me/password body.new_password',
  'POST /api/users/{id}/password body.password',
  'POST /api/products/import body.csv',
  'GET /api/print/sign query:request',
];

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
}
interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const SAMPLES = ['a\u0000b', 'a\u0007b', 'a\u202eb'];

/** True when the string schema refuses every sample: by an enum, a constant or a pattern. */
function refuses(s: JsonSchema): boolean {
  if (s.enum || s.const !== undefined) return true;
  const patterns = [s.pattern, ...(s.allOf ?? []).map((a) => a.pattern)].filter(
    (p): p is string => typeof p === 'string',
  );
  return SAMPLES.every((sample) => patterns.some((p) => !new RegExp(p).test(sample)));
}

/** Every string in the schema, sorted into those that refuse the samples and those that do not. */
function walk(s: JsonSchema, at: string, checked: string[], unchecked: string[]): void {
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) walk(branch, at, checked, unchecked);
  if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) {
    (refuses(s) ? checked : unchecked).push(at);
  }
  for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${at}.${k}`, checked, unchecked);
  if (s.items) walk(s.items, `${at}[]`, checked, unchecked);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    walk(s.additionalProperties, `${at}{}`, checked, unchecked);
}
