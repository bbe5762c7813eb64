import type { Debtor, Location, Product, Provider, Sale } from '@duka/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { v7 } from 'uuid';
import { buildBusiness } from './factories.js';
import { buildProduct, buildSupplier, received } from './stock-factories.js';

/** A business with its Main shop, stocked products, an M-Pesa provider and a debtor. */
export interface Shop {
  admin: string;
  shop: Location;
  supplier: string;
  sugar: Product;
  bread: Product;
  milk: Product;
  mpesa: Provider;
  debtor: Debtor;
}

let n = 0;

/** Stocks each product at the location through a supplier receipt at the given unit cost. */
export async function stock(
  app: FastifyInstance,
  admin: string,
  supplierId: string,
  locationId: string,
  lines: { product: Product; quantity: number; unit_cost: number }[],
): Promise<void> {
  await received(app, admin, {
    supplier_id: supplierId,
    location_id: locationId,
    lines: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, unit_cost: l.unit_cost })),
  });
}

export async function buildShop(
  app: FastifyInstance,
  businessOverrides: Record<string, unknown> = {},
): Promise<Shop> {
  n += 1;
  const admin = (await buildBusiness(app, businessOverrides)).cookie;
  const shop = (await app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
    Location[]
  >()[0]!;
  const supplier = await buildSupplier(app, admin);
  const sugar = await buildProduct(app, admin, {
    name: 'Sugar 1 kg',
    code: `SUG${n}`,
    barcodes: [`600100${n}`],
    price: 18_000,
    tax_rate: 1600,
  });
  const bread = await buildProduct(app, admin, { name: 'Bread', code: `BRD${n}`, price: 6_500 });
  const milk = await buildProduct(app, admin, {
    name: 'Milk 500 ml',
    code: `MLK${n}`,
    price: 6_000,
    tax_rate: 1600,
  });
  await stock(app, admin, supplier.id, shop.id, [
    { product: sugar, quantity: 100_000, unit_cost: 15_000 },
    { product: bread, quantity: 100_000, unit_cost: 5_000 },
    { product: milk, quantity: 100_000, unit_cost: 4_500 },
  ]);
  const mpesa = (
    await app.inject({
      method: 'POST',
      url: '/api/payment-providers',
      headers: { cookie: admin },
      payload: { name: 'M-Pesa', kind: 'mobile_money' },
    })
  ).json<Provider>();
  const debtor = (
    await app.inject({
      method: 'POST',
      url: '/api/debtors',
      headers: { cookie: admin },
      payload: { name: 'Juma Otieno', phone: '0722000111', credit_limit: 100_000 },
    })
  ).json<Debtor>();
  return { admin, shop, supplier: supplier.id, sugar, bread, milk, mpesa, debtor };
}

export const saleId = () => v7();

export function postSale(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { cookie },
    payload: { id: saleId(), ...body },
  });
}

/** A sale that must succeed. */
export async function sold(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown>,
): Promise<Sale> {
  const res = await postSale(app, cookie, body);
  if (res.statusCode !== 201) throw new Error(`sale failed: ${res.statusCode} ${res.body}`);
  return res.json<Sale>();
}

export function reverse(
  app: FastifyInstance,
  cookie: string,
  saleIdValue: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/sales/${saleIdValue}/reversals`,
    headers: { cookie },
    payload: { id: v7(), reason: 'Customer returned it', ...body },
  });
}
