import type { Location, NEGATIVE_REASONS, Product, StockDocument, Supplier } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import { v7 } from 'uuid';

let n = 0;

export async function buildProduct(
  app: FastifyInstance,
  cookie: string,
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  n += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: { cookie },
    payload: { name: `Product ${n}`, code: `P${1000 + n}`, price: 10_000, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`product create failed: ${res.statusCode} ${res.body}`);
  return res.json<Product>();
}

/** A products CSV sent to the import: a preview unless `commit` (the response, whatever its status). */
export function importProducts(app: FastifyInstance, cookie: string, csv: string, commit = false) {
  return app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { cookie },
    payload: { csv, commit },
  });
}

export async function buildSupplier(
  app: FastifyInstance,
  cookie: string,
  name = 'Bidco Distributors',
): Promise<Supplier> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/suppliers',
    headers: { cookie },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`supplier create failed: ${res.statusCode} ${res.body}`);
  return res.json<Supplier>();
}

export async function buildLocation(app: FastifyInstance, cookie: string, name: string): Promise<Location> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: { cookie },
    payload: { name },
  });
  if (res.statusCode !== 201) throw new Error(`location create failed: ${res.statusCode} ${res.body}`);
  return res.json<Location>();
}

export function receive(
  app: FastifyInstance,
  cookie: string,
  body: {
    supplier_id: string;
    location_id: string;
    lines: { product_id: string; quantity: number; unit_cost: number }[];
    id?: string;
  },
) {
  return app.inject({
    method: 'POST',
    url: '/api/stock/receipts',
    headers: { cookie },
    payload: { id: v7(), ...body },
  });
}

export async function received(
  app: FastifyInstance,
  cookie: string,
  body: Parameters<typeof receive>[2],
): Promise<StockDocument> {
  const res = await receive(app, cookie, body);
  if (res.statusCode !== 201) throw new Error(`receipt failed: ${res.statusCode} ${res.body}`);
  return res.json<StockDocument>();
}

/** A stock write-off (stock-negative adjustment) that must succeed: reason 'damaged' unless given. */
export async function writtenOff(
  app: FastifyInstance,
  cookie: string,
  body: {
    location_id: string;
    lines: { product_id: string; quantity: number }[];
    reason?: (typeof NEGATIVE_REASONS)[number];
  },
): Promise<StockDocument> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/stock/negative',
    headers: { cookie },
    payload: { id: v7(), reason: 'damaged', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`write-off failed: ${res.statusCode} ${res.body}`);
  return res.json<StockDocument>();
}

export const newDocId = () => v7();
