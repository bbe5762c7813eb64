import {
  addDays,
  businessDay,
  categoryInputSchema,
  dayStart,
  debtorInputSchema,
  debtorPaymentBodySchema,
  expenseBodySchema,
  lineAmount,
  mulDivRound,
  productInputSchema,
  providerInputSchema,
  receiptBodySchema,
  reversalBodySchema,
  saleBodySchema,
  supplierInputSchema,
  userCreateSchema,
} from '@duka/domain';
import type { Db } from '../../db/database.js';
import type { BusinessRow, UserRow } from '../../db/tables.js';
import { type Context, makeContext } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createProduct } from '../catalog/catalog.service.js';
import { createDebtor } from '../debtors/debtors.service.js';
import { recordPayment } from '../debtors/payments.service.js';
import { createCategory } from '../expenses/categories.service.js';
import { recordExpense } from '../expenses/expenses.service.js';
import { postReceipt } from '../inventory/documents.service.js';
import { reverseSale } from '../sales/reversals.service.js';
import { postSale } from '../sales/sales.service.js';
import { setUpBusiness } from '../setup/setup.service.js';
import { createSupplier } from '../suppliers/suppliers.service.js';
import { confirmTransfer, createProvider } from '../transfers/transfers.service.js';
import { createUser } from '../users/users.service.js';
import { DEMO_DEBTORS, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue.js';

/**
 * `npm run duka -- demo` (issue 16): an empty database becomes a small Kenyan shop with two weeks
 * of trade, written through the same services a till uses (each sale with its journal entry,
 * stock movements, receipt number and report summaries), at the times they happened. The same
 * seed gives the same shop.
 */

export const DEMO_DAYS = 14;
const TZ = 'Africa/Nairobi';
const HOUR = 3_600_000;

export interface DemoResult {
  businessId: string;
  businessName: string;
  products: number;
  sales: number;
  days: number;
  usernames: { owner: string; cashier: string };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Shop {
  db: Db;
  rnd: () => number;
  as: (user: UserRow, at: number) => Context;
  owner: UserRow;
  cashier: UserRow;
  locationId: string;
  products: { id: string; item: DemoProduct }[];
  debtors: { id: string; limit: number; owed: number }[];
  providers: { mpesa: string; bank: string };
  categories: { rent: string; transport: string; airtime: string };
}

async function refuseUnlessEmpty(db: Db): Promise<void> {
  const any = await db.kysely.selectFrom('businesses').select('id').limit(1).executeTakeFirst();
  if (any)
    throw new AppError(
      'already_set_up',
      'This database already holds a business: the demo fills only an empty one (use a new DATA_DIR)',
    );
}

async function row<T>(q: Promise<T | undefined>): Promise<T> {
  const r = await q;
  if (!r) throw new Error('demo: a row just written is missing');
  return r;
}

/** The business, its owner and cashier, the catalogue, the people and providers it deals with. */
async function openShop(db: Db, password: string, start: number, online: boolean): Promise<Shop> {
  const created = await setUpBusiness(
    db,
    { now: () => new Date(start) },
    {
      business_name: 'Baraka General Store (demo)',
      username: 'owner',
      admin_name: 'Grace Wanjiku',
      password,
      currency: 'KES',
      timezone: TZ,
      language: 'en',
    },
    { onlyIfNone: true, online },
  );
  const business: BusinessRow = await row(
    db.kysely.selectFrom('businesses').selectAll().where('id', '=', created.business.id).executeTakeFirst(),
  );
  const userRow = (id: string) =>
    row(db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
  const as = (user: UserRow, at: number) =>
    makeContext({
      business,
      user,
      deviceId: 'DEMO-TILL',
      sessionId: null,
      sessionDeviceId: null,
      at: new Date(at).toISOString(),
    });
  const owner = await userRow(created.admin.id);
  const ctx = as(owner, start + HOUR);
  const cashierUser = await createUser(
    db,
    ctx,
    userCreateSchema.parse({ name: 'Peter Mwangi', username: 'cashier', password, role: 'staff' }),
  );
  const products = await catalogue(db, ctx);
  const debtors = [];
  for (const d of DEMO_DEBTORS)
    debtors.push({
      id: (await createDebtor(db, ctx, debtorInputSchema.parse(d))).id,
      limit: d.credit_limit,
      owed: 0,
    });
  const provider = async (name: string, kind: 'mobile_money' | 'bank') =>
    (await createProvider(db, ctx, providerInputSchema.parse({ name, kind }))).id;
  const category = async (name: string) =>
    (await createCategory(db, ctx, categoryInputSchema.parse({ name }))).id;
  return {
    db,
    rnd: random(16),
    as,
    owner,
    cashier: await userRow(cashierUser.id),
    locationId: created.locationId,
    products,
    debtors,
    providers: {
      mpesa: await provider('M-Pesa', 'mobile_money'),
      bank: await provider('Bank transfer', 'bank'),
    },
    categories: {
      rent: await category('Rent'),
      transport: await category('Transport'),
      airtime: await category('Airtime and data'),
    },
  };
}

/** The products, each with a barcode (loose goods sold by weight have none). */
async function catalogue(db: Db, ctx: Context): Promise<Shop['products']> {
  const products: Shop['products'] = [];
  for (const item of DEMO_PRODUCTS) {
    const id = newId();
    await createProduct(
      db,
      ctx,
      id,
      productInputSchema.parse({
        name: item.name,
        code: item.code,
        barcodes: item.unit === 'kg' ? [] : [`616${String(products.length + 1).padStart(9, '0')}`],
        category: item.category,
        unit: item.unit,
        price: item.price,
        buying_price: item.cost,
        tax_rate: item.vat ? 1600 : 0,
        reorder_level: item.reorder,
      }),
    );
    products.push({ id, item });
  }
  return products;
}

/** A delivery from the wholesaler: enough of everything for `days` usual days, at buying prices. */
async function delivery(s: Shop, supplierId: string, at: number, days: number, costRisePct: number) {
  await postReceipt(
    s.db,
    s.as(s.owner, at),
    receiptBodySchema.parse({
      id: newId(),
      supplier_id: supplierId,
      location_id: s.locationId,
      lines: s.products.map((p) => ({
        product_id: p.id,
        quantity: Math.max(5, Math.ceil((p.item.daily * days * 13) / 10)) * 1000,
        unit_cost: mulDivRound(p.item.cost, costRisePct, 100),
      })),
    }),
  );
}

const reference = (rnd: () => number) =>
  Array.from({ length: 10 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(rnd() * 34)]).join('');

/** One customer's basket: 1 to 4 products, the day's best sellers more often. */
function basket(s: Shop): { product_id: string; quantity: number; price: number }[] {
  const total = s.products.reduce((n, p) => n + p.item.daily, 0);
  const count = 1 + Math.floor(s.rnd() * s.rnd() * 4);
  const picked = new Map<string, { product_id: string; quantity: number; price: number }>();
  while (picked.size < count) {
    let r = s.rnd() * total;
    const p = s.products.find((x) => (r -= x.item.daily) < 0) ?? s.products[0]!;
    const quantity = (1 + Math.floor(s.rnd() * s.rnd() * 3)) * 1000;
    picked.set(p.id, { product_id: p.id, quantity, price: p.item.price });
  }
  return [...picked.values()];
}

/** One sale: cash mostly, M-Pesa often, on credit to a regular now and then. */
async function sell(s: Shop, at: number, n: number) {
  const lines = basket(s);
  const due = lines.reduce((sum, l) => sum + lineAmount(l.quantity, l.price), 0);
  const seller = n % 3 === 0 ? s.owner : s.cashier;
  const base = { id: newId(), location_id: s.locationId, lines: lines.map(({ price: _, ...l }) => l) };
  const r = s.rnd();
  const debtor = s.debtors[n % s.debtors.length]!;
  let body;
  if (r < 0.08 && debtor.owed + due <= debtor.limit) {
    debtor.owed += due;
    body = { ...base, kind: 'debtor', debtor_id: debtor.id };
  } else if (r < 0.3)
    body = { ...base, kind: 'transfer', provider_id: s.providers.mpesa, reference: reference(s.rnd) };
  else body = { ...base, kind: 'cash', tendered: Math.ceil(due / 5_000) * 5_000 };
  return postSale(s.db, s.as(seller, at), saleBodySchema.parse(body));
}

/** The day's other business: a payment from a debtor, an expense, once a return. */
async function dayExtras(s: Shop, day: number, at: number, lastSale: { id: string; kind: string } | null) {
  const ctx = s.as(s.owner, at);
  const date = businessDay(new Date(at), TZ);
  if (day % 4 === 3) {
    const d = s.debtors[(day >> 2) % s.debtors.length]!;
    const amount = Math.floor(d.owed / 2 / 100) * 100;
    if (amount > 0) {
      d.owed -= amount;
      await recordPayment(
        s.db,
        ctx,
        d.id,
        debtorPaymentBodySchema.parse({ id: newId(), amount, method: 'cash', location_id: s.locationId }),
      );
    }
  }
  const expense = (category_id: string, amount: number, note: string) =>
    recordExpense(
      s.db,
      ctx,
      expenseBodySchema.parse({
        id: newId(),
        date,
        category_id,
        amount,
        method: 'cash',
        location_id: s.locationId,
        note,
      }),
    );
  if (day === 0) await expense(s.categories.rent, 500_000, 'Shop rent, half month');
  if (day % 3 === 1) await expense(s.categories.transport, 30_000, 'Boda boda to the wholesaler');
  if (day % 7 === 5) await expense(s.categories.airtime, 10_000, 'Data bundle');
  // the owner checks the M-Pesa statement in the evening: the day's transfers are confirmed
  if (day < DEMO_DAYS - 1) {
    const waiting = await s.db.kysely
      .selectFrom('transfers as t')
      .leftJoin('transfer_confirmations as c', 'c.transfer_id', 't.id')
      .select('t.id')
      .where('t.business_id', '=', s.owner.business_id)
      .where('c.transfer_id', 'is', null)
      .execute();
    for (const t of waiting) await confirmTransfer(s.db, ctx, t.id);
  }
  if (day % 6 === 4 && lastSale)
    await reverseSale(
      s.db,
      ctx,
      lastSale.id,
      reversalBodySchema.parse({
        id: newId(),
        reason: 'Customer returned it',
        ...(lastSale.kind === 'transfer' ? { reference: reference(s.rnd) } : {}),
      }),
    );
}

/**
 * Fills an empty database with the demo shop: `DEMO_DAYS` days of trade ending `now` (today's
 * sales only up to the present moment). Owner `owner` and cashier `cashier`, both with `password`.
 */
export async function seedDemo(
  db: Db,
  opts: { password: string; now?: Date; online?: boolean },
): Promise<DemoResult> {
  await refuseUnlessEmpty(db);
  const now = (opts.now ?? new Date()).getTime();
  const today = businessDay(new Date(now), TZ);
  const first = addDays(today, -(DEMO_DAYS - 1));
  const start = dayStart(first, TZ) + 6 * HOUR;
  const s = await openShop(db, opts.password, start, opts.online ?? false);
  const supplierId = newId();
  await createSupplier(db, s.as(s.owner, start + HOUR), {
    ...supplierInputSchema.parse({ name: 'Kakamega Wholesalers', phone: '0711000333' }),
    id: supplierId,
  });
  await delivery(s, supplierId, start + 2 * HOUR, 8, 100);
  let sales = 0;
  for (let day = 0; day < DEMO_DAYS; day++) {
    const open = dayStart(addDays(first, day), TZ) + 7.5 * HOUR;
    if (day === 7) await delivery(s, supplierId, open - HOUR, 9, 104);
    const weekday = new Date(open).getUTCDay();
    const count = Math.floor((weekday === 6 ? 42 : weekday === 0 ? 18 : 30) * (0.85 + s.rnd() * 0.3));
    const step = (13 * HOUR) / count;
    let last: { id: string; kind: string } | null = null;
    for (let i = 0; i < count; i++) {
      const at = Math.floor(open + i * step + s.rnd() * step * 0.8);
      if (at > now) break;
      last = await sell(s, at, sales);
      sales += 1;
    }
    // after the day's last sale (the till is open 13 hours): the transfers confirmed then were all made before
    const evening = open + 13.5 * HOUR;
    if (evening <= now) await dayExtras(s, day, evening, last);
  }
  return {
    businessId: s.owner.business_id,
    businessName: 'Baraka General Store (demo)',
    products: s.products.length,
    sales,
    days: DEMO_DAYS,
    usernames: { owner: 'owner', cashier: 'cashier' },
  };
}
