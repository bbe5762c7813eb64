import type {
  Debtor,
  DebtorPayment,
  Flag,
  Location,
  Product,
  Provider,
  Reversal,
  Sale,
  User,
  UserCreate,
} from '@duka/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { v7 } from 'uuid';
import type { Db } from '../db/database.js';
import type { Database } from '../db/tables.js';
import { STAFF_PASSWORD, buildBusiness, buildUser, signIn } from './factories.js';
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
  // A Kenyan business starts with M-Pesa (and Bank transfer) from its setup.
  const providers = (await app.inject({ url: '/api/payment-providers', headers: { cookie: admin } })).json<
    Provider[]
  >();
  const mpesa =
    providers.find((p) => p.name === 'M-Pesa') ??
    (
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

/** A reversal that must succeed. */
export async function reversed(
  app: FastifyInstance,
  cookie: string,
  saleIdValue: string,
  body: Record<string, unknown> = {},
): Promise<Reversal> {
  const res = await reverse(app, cookie, saleIdValue, body);
  if (res.statusCode !== 201) throw new Error(`reversal failed: ${res.statusCode} ${res.body}`);
  return res.json<Reversal>();
}

export function payDebtor(
  app: FastifyInstance,
  cookie: string,
  debtorId: string,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/debtors/${debtorId}/payments`,
    headers: { cookie },
    payload: { id: v7(), ...body },
  });
}

/** A debtor payment that must succeed. */
export async function paid(
  app: FastifyInstance,
  cookie: string,
  debtorId: string,
  body: Record<string, unknown>,
): Promise<DebtorPayment> {
  const res = await payDebtor(app, cookie, debtorId, body);
  if (res.statusCode !== 201) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
  return res.json<DebtorPayment>();
}

/**
 * A new debtor in credit (ADR 9): they buy `quantity` of the product on credit, pay it all in
 * cash (by `payer`, the admin unless given), then the sale is reversed whole. Their balance is
 * minus the sale's total, which is answered as `credit`.
 */
export async function debtorInCredit(
  app: FastifyInstance,
  admin: string,
  at: { name: string; location_id: string; product_id: string; quantity?: number; payer?: string },
): Promise<{ debtor: Debtor; credit: number; payment: DebtorPayment }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/debtors',
    headers: { cookie: admin },
    payload: { name: at.name, credit_limit: 10_000_000 },
  });
  if (res.statusCode !== 201) throw new Error(`debtor failed: ${res.statusCode} ${res.body}`);
  const debtor = res.json<Debtor>();
  const sale = await sold(app, admin, {
    kind: 'debtor',
    location_id: at.location_id,
    debtor_id: debtor.id,
    lines: [{ product_id: at.product_id, quantity: at.quantity ?? 1000 }],
  });
  const payment = await paid(app, at.payer ?? admin, debtor.id, {
    amount: sale.total,
    method: 'cash',
    location_id: at.location_id,
  });
  await reversed(app, admin, sale.id);
  return { debtor, credit: sale.total, payment };
}

/** A staff user with exactly these flags and locations, signed in. */
export async function staffWith(
  app: FastifyInstance,
  admin: string,
  flags: Flag[],
  overrides: Partial<UserCreate> = {},
): Promise<{ user: User; cookie: string }> {
  const user = await buildUser(app, admin, {
    user_roles: Object.fromEntries(flags.map((f) => [f, 1])),
    ...overrides,
  });
  return { user, cookie: (await signIn(app, user.username, STAFF_PASSWORD)).cookie };
}

/** How many rows a table holds (to prove a refused request wrote nothing). */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts of every table a selling write touches. */
export async function sellingCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'sales',
    'sale_lines',
    'sale_reversals',
    'sale_reversal_lines',
    'stock_movements',
    'debtor_entries',
    'debtor_payments',
    'transfers',
    'expenses',
    'day_closes',
    'journal',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) out[table] = await countRows(db, table);
  return out;
}
