import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { v7 } from 'uuid';

/**
 * Shop data made through the API for the journeys: one helper for each kind of record, so every
 * spec makes products, sales and the rest the same way. Quantities here are whole units; money is
 * in minor units.
 */

type Api = APIRequestContext;

/** A UUIDv7, as the app's clients make them (the id of a write is its idempotency key). */
export const newId = (): string => v7();

/** The JSON of a response that must be 201 Created. */
export async function created<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()) as T;
}

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()) as T;
}

/** The id of the shop's first location (Main shop, made at setup). */
export async function mainLocation(api: Api): Promise<string> {
  const all = await ok<{ id: string; name: string; active: boolean }[]>(api.get('/api/locations'));
  return (all.find((l) => l.name === 'Main shop') ?? all.find((l) => l.active)!).id;
}

/** A location of a journey's own, so its day's figures are its alone. */
export const seedLocation = (api: Api, name: string) =>
  created<{ id: string; name: string }>(api.post('/api/locations', { data: { name } }));

export interface SeedProduct {
  name: string;
  code: string;
  price: number;
  /** Basis points; untaxed unless given. */
  tax_rate?: number;
  barcode?: string;
  category?: string;
  reorderUnits?: number;
  /** Unit cost of the stock received; half the price unless given. */
  cost?: number;
}

/** A product with `units` of it received from a supplier at a location. */
export async function stockedProduct(
  api: Api,
  p: SeedProduct,
  locationId: string,
  units: number,
): Promise<{ id: string; name: string; code: string; price: number }> {
  const product = await created<{ id: string; name: string; code: string; price: number }>(
    api.post('/api/products', {
      data: {
        name: p.name,
        code: p.code,
        price: p.price,
        tax_rate: p.tax_rate ?? 0,
        barcodes: p.barcode ? [p.barcode] : [],
        category: p.category ?? '',
        reorder_level: (p.reorderUnits ?? 0) * 1000,
      },
    }),
  );
  const supplier = await created<{ id: string }>(
    api.post('/api/suppliers', { data: { name: `Supplier of ${p.code}` } }),
  );
  await created(
    api.post('/api/stock/receipts', {
      data: {
        id: newId(),
        supplier_id: supplier.id,
        location_id: locationId,
        lines: [
          { product_id: product.id, quantity: units * 1000, unit_cost: p.cost ?? Math.round(p.price / 2) },
        ],
      },
    }),
  );
  return product;
}

export const seedProvider = (api: Api, name: string, kind: 'mobile_money' | 'bank' = 'mobile_money') =>
  created<{ id: string; name: string }>(api.post('/api/payment-providers', { data: { name, kind } }));

export const seedDebtor = (api: Api, name: string, creditLimit: number) =>
  created<{ id: string; name: string }>(
    api.post('/api/debtors', { data: { name, phone: '+254700111222', credit_limit: creditLimit } }),
  );

export const seedCategory = (api: Api, name: string) =>
  created<{ id: string; name: string }>(api.post('/api/expense-categories', { data: { name } }));

export interface SeedSale {
  id: string;
  receipt_no: string;
  total: number;
  lines: { line_no: number; product_id: string }[];
}

/** A sale made straight through the API; a cash sale is paid with more than enough. */
export function seedSale(
  api: Api,
  body: {
    kind: 'cash' | 'debtor' | 'transfer';
    location_id: string;
    lines: { product_id: string; units: number }[];
    debtor_id?: string;
    provider_id?: string;
    reference?: string;
  },
): Promise<SeedSale> {
  const { lines, ...rest } = body;
  return created(
    api.post('/api/sales', {
      data: {
        id: newId(),
        ...rest,
        lines: lines.map((l) => ({ product_id: l.product_id, quantity: l.units * 1000 })),
        ...(body.kind === 'cash' ? { tendered: 10_000_000 } : {}),
      },
    }),
  );
}

/** Reverses part of a sale (a transfer sale needs the refund's reference). */
export function seedReversal(
  api: Api,
  saleId: string,
  lines: { line_no: number; units: number }[],
  reference?: string,
): Promise<{ id: string; receipt_no: string; total: number }> {
  return created(
    api.post(`/api/sales/${saleId}/reversals`, {
      data: {
        id: newId(),
        reason: 'Returned by the customer',
        lines: lines.map((l) => ({ line_no: l.line_no, quantity: l.units * 1000 })),
        ...(reference ? { reference } : {}),
      },
    }),
  );
}

/** An expense paid in cash at a location on a business day. */
export const seedExpense = (
  api: Api,
  e: { category_id: string; location_id: string; amount: number; date: string; note?: string },
) =>
  created<{ id: string; amount: number }>(
    api.post('/api/expenses', { data: { id: newId(), method: 'cash', note: e.note ?? '', ...e } }),
  );

/** A staff user who works at one location (home and only), with the given flags; answers the username. */
export async function seedSeller(api: Api, flags: string[], locationId: string): Promise<string> {
  const username = `staff${newId().replaceAll('-', '').slice(-10)}`;
  await created(
    api.post('/api/users', {
      data: {
        name: 'Till Cashier',
        username,
        password: 'staff-pass-123',
        role: 'staff',
        user_roles: Object.fromEntries(flags.map((f) => [f, 1])),
        home_location_id: locationId,
        location_ids: [locationId],
      },
    }),
  );
  return username;
}

/** A product's stock (thousandths) at one location. */
export async function levelOf(api: Api, code: string, locationId: string): Promise<number> {
  const list = await ok<{ code: string; levels: { location_id: string; quantity: number }[] }[]>(
    api.get(`/api/products?q=${encodeURIComponent(code)}&include_inactive=true`),
  );
  return list.find((x) => x.code === code)?.levels.find((l) => l.location_id === locationId)?.quantity ?? 0;
}

/** What a debtor owes now. */
export const debtorBalance = async (api: Api, id: string) =>
  (await ok<{ balance: number }>(api.get(`/api/debtors/${id}`))).balance;

/** Today in the business's own time zone (setup through the page takes the browser's zone). */
export async function businessToday(api: Api): Promise<string> {
  const { timezone } = await ok<{ timezone: string }>(api.get('/api/business/profile'));
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/** "KES 1,250.00" as a pattern, whatever space the formatter puts after the code. */
export const kes = (amount: string) => new RegExp(`KES\\s?${amount.replace(/[.,]/g, (c) => `\\${c}`)}`);
