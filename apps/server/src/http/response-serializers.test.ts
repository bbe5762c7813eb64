import {
  ALL_FLAGS,
  type Sale,
  type SessionData,
  type Product,
  healthSchema,
  productListSchema,
  rolesFromFlags,
  saleSchema,
  sessionDataSchema,
} from '@duka/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { type TestApp, buildTestApp } from '../test/test-app.js';
import { buildBusiness } from '../test/factories.js';
import { COMPILED_ANSWERS, compiledSerializer, serializerCompiler } from './response-serializers.js';

/** What zod's serializer wrote: the object checked and copied by the schema, then JSON. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(schema.encode(data));

const id = (n: number) => `0190b1a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

const line = (n: number) => ({
  line_no: n,
  product_id: id(100 + n),
  name: `Sugar "1 kg" ${n} \u00e9\u2028`,
  code: `B${n}`,
  unit: 'pc',
  quantity: 1500 * n,
  unit_price: 18_000,
  tax_rate: 1600,
  gross: 27_000 * n,
  discount: 0,
  sale_discount: n,
  net: 27_000 * n - n,
  tax: 3724,
  reversed: 0,
  // not in the schema: must not be written
  unit_cost: 1000,
  business_id: id(9),
});

const sale = (kind: Sale['kind']): Sale & Record<string, unknown> => ({
  id: id(1),
  receipt_no: 'A000123',
  kind,
  location_id: id(2),
  location_name: 'Main <shop>',
  user_id: id(3),
  user_name: 'Owner',
  device_id: kind === 'cash' ? null : id(4),
  business_day: '2026-11-26',
  gross: 81_000,
  discount: 6,
  total: 80_994,
  tax: 11_172,
  tendered: kind === 'cash' ? 100_000 : null,
  change: kind === 'cash' ? 19_006 : null,
  debtor_id: kind === 'debtor' ? id(5) : null,
  debtor_name: kind === 'debtor' ? 'Mama Njeri' : null,
  debtor_balance_after: kind === 'debtor' ? 80_994 : null,
  provider_id: kind === 'transfer' ? id(6) : null,
  provider_name: kind === 'transfer' ? 'M-Pesa' : null,
  reference: kind === 'transfer' ? 'QWE123' : null,
  note: 'a\nnote',
  created_at: '2026-11-26T10:00:00.000Z',
  lines: [line(1), line(2), line(3)],
  reversed_total: 0,
  reversals: [],
  // columns of the row that the answer does not carry
  business_id: id(9),
  request_hash: 'f'.repeat(64),
  cost: 3000,
});

const session = (admin: boolean): SessionData & Record<string, unknown> => ({
  user: {
    uid: id(3),
    nm: 'Owner',
    img: 'profile.png',
    role: admin ? 'admin' : 'staff',
    username: 'owner',
    home_location_id: admin ? null : id(2),
    location_ids: admin ? [] : [id(2), id(7)],
  },
  shop_details: { name: 'Mama Mboga', online_offline: admin ? '1' : '0' },
  user_roles: rolesFromFlags(admin ? [...ALL_FLAGS] : ['sell_cash']),
  stock_taking: {
    open_counts: admin
      ? [{ id: id(8), location_id: id(2), freeze_sales: true, started_at: '2026-11-26T09:00:00.000Z' }]
      : [],
    frozen_location_ids: admin ? [id(2)] : [],
  },
  business: {
    id: id(9),
    name: 'Mama Mboga',
    logo: admin ? null : 'logo.png',
    currency: 'KES',
    timezone: 'Africa/Nairobi',
    language: 'es',
    allow_negative_stock: false,
    max_discount_bp: 500,
    default_credit_limit: 100_000,
    receipt_width: 58,
    receipt_columns: 32,
    tax_name: admin ? 'GST' : '',
    week_start: admin ? 0 : 1,
    network_printer: admin,
  },
  mode: 'local',
  device_id: admin ? null : id(10),
  synced_from_shop: false,
  password_hash: 'never sent',
});

const product = (n: number, levels: number): Product & Record<string, unknown> => ({
  id: id(200 + n),
  name: `Tea "leaves" ${n} \u00e9\u2028 <b>`,
  code: `T${n}`,
  barcodes: n === 1 ? [] : ['6161100000012', '6161100000029'],
  category: n === 1 ? '' : 'Drinks',
  unit: 'each',
  price: 25_000,
  buying_price: 0,
  tax_rate: 1600,
  reorder_level: 12_000,
  avg_cost: 19_333,
  image: n === 1 ? null : 'tea.webp',
  active: n !== 3,
  levels: Array.from({ length: levels }, (_, i) => ({ location_id: id(2 + i), quantity: -1500 * i })),
  on_hand: levels === 0 ? 0 : -1500,
  updated_at: '2026-11-26T10:00:00.000Z',
  // columns of the row that the answer does not carry
  business_id: id(9),
  search_key: 'tea',
});

describe('compiled answer serializers', () => {
  it('write what zod wrote for every compiled answer', () => {
    const samples: [z.ZodType, unknown[]][] = [
      [saleSchema, [sale('cash'), sale('debtor'), sale('transfer')]],
      [sessionDataSchema, [session(true), session(false)]],
      [healthSchema, [{ status: 'ok', mode: 'hosted', version: '1.2.3', extra: 1 }]],
      [productListSchema, [[], [product(1, 0)], [product(1, 0), product(2, 2), product(3, 1)]]],
    ];
    expect(samples.map(([s]) => s).sort()).toEqual([...COMPILED_ANSWERS].sort());
    for (const [schema, data] of samples) {
      const serialize = compiledSerializer(schema);
      for (const d of data) expect(serialize(d)).toBe(viaZod(schema, d));
    }
  });

  it('still refuses an answer without a required property or with a value the schema does not allow', () => {
    const serialize = compiledSerializer(saleSchema);
    const { receipt_no: _dropped, ...noReceipt } = sale('cash');
    expect(() => serialize(noReceipt)).toThrow();
    const session_ = compiledSerializer(sessionDataSchema);
    const bad = session(true);
    expect(() => session_({ ...bad, user_roles: { ...bad.user_roles, sell_cash: 2 } })).toThrow();
  });

  it('is what Fastify uses for those answers, and zod for the others', () => {
    const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    const health = { status: 'ok', mode: 'local', version: 'v' };
    const samples = new Map<unknown, unknown>([
      [saleSchema, sale('cash')],
      [sessionDataSchema, session(false)],
      [healthSchema, health],
      [productListSchema, [product(2, 2)]],
    ]);
    for (const schema of COMPILED_ANSWERS) {
      // the compiled serializer converts a number where a string is due; zod's would refuse it
      const serialize = serializerCompiler(route(schema));
      expect(serialize(samples.get(schema))).toBe(viaZod(schema, samples.get(schema)));
    }
    expect(serializerCompiler(route(healthSchema))({ ...health, version: 12 })).toContain('"12"');
    // zod's serializer refuses what does not match; the compiled one would have converted it
    const other = serializerCompiler(route(healthSchema.extend({})));
    expect(() => other({ status: 'ok', mode: 'local', version: 12 })).toThrow();
  });

  describe('through the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it("answers /api/me with exactly the schema's properties", async () => {
      const s = await buildBusiness(t.app);
      const res = await t.app.inject({ url: '/api/me', headers: { cookie: s.cookie } });
      expect(res.statusCode).toBe(200);
      const body: unknown = res.json();
      expect(body).toEqual(sessionDataSchema.parse(body));
      expect(res.body).toBe(viaZod(sessionDataSchema, body));
    });
  });
});
