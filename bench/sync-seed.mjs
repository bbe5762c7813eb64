// A shop's sales for the sync figures, written through the built server's services (so every sale
// has its journal entry, stock movements, receipt number and summaries, as at a till), with a
// clock moved by hand: `days` business days of `perDay` sales each, the last one today. Mostly
// 3-line cash sales; 8 % on credit, 8 % by transfer, 1 % reversed the same day.
import {
  addDays,
  businessDay,
  dayStart,
  debtorInputSchema,
  productInputSchema,
  providerInputSchema,
  receiptBodySchema,
  reversalBodySchema,
  saleBodySchema,
  supplierInputSchema,
} from '../packages/domain/dist/index.js';
import { migrate, openDatabase } from '../apps/server/dist/db/database.js';
import { makeContext } from '../apps/server/dist/lib/context.js';
import { newId } from '../apps/server/dist/lib/ids.js';
import { systemClock } from '../apps/server/dist/lib/clock.js';
import { createProduct } from '../apps/server/dist/modules/catalog/catalog.service.js';
import { createDebtor } from '../apps/server/dist/modules/debtors/debtors.service.js';
import { postReceipt } from '../apps/server/dist/modules/inventory/documents.service.js';
import { postSale } from '../apps/server/dist/modules/sales/sales.service.js';
import { reverseSale } from '../apps/server/dist/modules/sales/reversals.service.js';
import { setUpBusiness } from '../apps/server/dist/modules/setup/setup.service.js';
import { createSupplier } from '../apps/server/dist/modules/suppliers/suppliers.service.js';
import { createProvider } from '../apps/server/dist/modules/transfers/transfers.service.js';

const TZ = 'Africa/Nairobi';
const PRODUCTS = 200;
const DEBTORS = 20;

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The admin acting at a given time, from the till BENCH-TILL. */
async function actorAt(db, businessId, userId) {
  const business = await db.kysely
    .selectFrom('businesses')
    .selectAll()
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
  const user = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return (at) =>
    makeContext({ business, user, deviceId: 'BENCH-TILL', sessionId: null, sessionDeviceId: null, at });
}

/** Products, a supplier's receipt stocking them, debtors and two transfer providers. */
async function catalogue(db, as, locationId, rnd) {
  const ctx = as(new Date(Date.now() - 40 * 86_400_000).toISOString());
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const id = newId();
    const input = productInputSchema.parse({
      name: `Product ${i}`,
      code: `S${i}`,
      barcodes: [`600${String(i).padStart(9, '0')}`],
      category: `Category ${i % 12}`,
      price: 1_000 + Math.floor(rnd() * 200) * 250,
      tax_rate: i % 3 === 0 ? 1600 : 0,
    });
    await createProduct(db, ctx, id, input);
    products.push({ id, price: input.price });
  }
  const supplierId = newId();
  await createSupplier(db, ctx, { ...supplierInputSchema.parse({ name: 'Bench supplier' }), id: supplierId });
  for (let i = 0; i < products.length; i += 500)
    await postReceipt(
      db,
      ctx,
      receiptBodySchema.parse({
        id: newId(),
        supplier_id: supplierId,
        location_id: locationId,
        lines: products.slice(i, i + 500).map((p) => ({
          product_id: p.id,
          quantity: 1_000_000_000,
          unit_cost: Math.floor(p.price * 0.7),
        })),
      }),
    );
  const debtors = [];
  for (let i = 0; i < DEBTORS; i++)
    debtors.push(
      (await createDebtor(db, ctx, debtorInputSchema.parse({ name: `Debtor ${i}`, credit_limit: 1e11 }))).id,
    );
  const providers = [];
  for (const name of ['Bench Pesa', 'Bench Bank'])
    providers.push((await createProvider(db, ctx, providerInputSchema.parse({ name }))).id);
  return { products, debtors, providers };
}

/** One sale's body: 3 lines mostly (1 to 5), cash mostly, some on credit, some by transfer. */
function saleBody(rnd, c, locationId, n) {
  const count = rnd() < 0.7 ? 3 : 1 + Math.floor(rnd() * 5);
  const picked = new Set();
  while (picked.size < count) picked.add(c.products[Math.floor(rnd() * c.products.length)]);
  const lines = [...picked].map((p) => ({ product_id: p.id, quantity: 1000 * (1 + Math.floor(rnd() * 3)) }));
  const due = [...picked].reduce((sum, p, i) => sum + (p.price * lines[i].quantity) / 1000, 0);
  const r = rnd();
  const base = { id: newId(), location_id: locationId, lines };
  if (r < 0.08)
    return saleBodySchema.parse({ ...base, kind: 'debtor', debtor_id: c.debtors[n % c.debtors.length] });
  if (r < 0.16)
    return saleBodySchema.parse({
      ...base,
      kind: 'transfer',
      provider_id: c.providers[n % c.providers.length],
      reference: `BT${String(n).padStart(8, '0')}`,
    });
  // The customer hands over the next 500 shillings up.
  return saleBodySchema.parse({ ...base, kind: 'cash', tendered: Math.ceil(due / 50_000) * 50_000 });
}

/**
 * A day of `sales` sales today on an existing business (a branch's PC, say), through the
 * services, with its catalogue read back from the database; `tag` keeps transfer references
 * apart between servers. Answers how many were made.
 */
export async function sellDay({ db, businessId, sales, seed, tag }) {
  const admin = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', businessId)
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const location = await db.kysely
    .selectFrom('locations')
    .select('id')
    .where('business_id', '=', businessId)
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const rows = (table, cols) =>
    db.kysely.selectFrom(table).select(cols).where('business_id', '=', businessId).orderBy('id').execute();
  const c = {
    products: (await rows('products', ['id', 'price'])).map((p) => ({ id: p.id, price: Number(p.price) })),
    debtors: (await rows('debtors', ['id'])).map((d) => d.id),
    providers: (await rows('payment_providers', ['id'])).map((d) => d.id),
  };
  const rnd = random(seed);
  const as = await actorAt(db, businessId, admin.id);
  const open = dayStart(businessDay(new Date(), TZ), TZ) + 7 * 3_600_000;
  const step = Math.floor((14 * 3_600_000) / Math.max(1, sales));
  for (let i = 0; i < sales; i++) {
    const body = saleBody(rnd, c, location.id, i);
    if (body.kind === 'transfer') body.reference = `${tag}${body.reference}`;
    await postSale(db, as(new Date(open + i * step).toISOString()), body);
  }
  return sales;
}

/**
 * Seeds a new SQLite database at `sqliteFile`: the business (owner / `password`), its catalogue,
 * then `sales` sales over `days` days ending today. Answers the business id and counts.
 */
export async function seedSales({
  sqliteFile,
  password,
  sales,
  days = Math.max(1, Math.ceil(sales / 2_000)),
  log = () => {},
}) {
  const db = openDatabase({ sqliteFile });
  await migrate(db);
  const { business, locationId, admin } = await setUpBusiness(
    db,
    systemClock,
    {
      business_name: 'Sync shop',
      username: 'owner',
      password,
      currency: 'KES',
      timezone: TZ,
      language: 'en',
    },
    { onlyIfNone: true },
  );
  const rnd = random(11);
  const as = await actorAt(db, business.id, admin.id);
  const c = await catalogue(db, as, locationId, rnd);
  const today = businessDay(new Date(), TZ);
  let n = 0;
  let reversals = 0;
  for (let d = 0; d < days; d++) {
    const day = addDays(today, d - days + 1);
    const open = dayStart(day, TZ) + 7 * 3_600_000;
    const count = Math.min(Math.ceil(sales / days), sales - n);
    // Spread over 07:00–21:00 of the day, in order; a today still in its morning runs past now.
    const step = Math.floor((14 * 3_600_000) / Math.max(1, count));
    for (let i = 0; i < count; i++, n++) {
      const at = new Date(open + i * step).toISOString();
      const sale = await postSale(db, as(at), saleBody(rnd, c, locationId, n));
      if (rnd() < 0.01) {
        reversals += 1;
        const body = reversalBodySchema.parse({
          id: newId(),
          reason: 'Returned',
          ...(sale.kind === 'transfer' ? { reference: `BR${String(n).padStart(8, '0')}` } : {}),
          ...(rnd() < 0.5 ? { lines: [{ line_no: 1, quantity: sale.lines[0].quantity }] } : {}),
        });
        await reverseSale(db, as(new Date(open + i * step + 60_000).toISOString()), sale.id, body);
      }
    }
    if ((d + 1) % 5 === 0) log(`  day ${d + 1}/${days}, ${n.toLocaleString('en')} sales`);
  }
  const head = await db.kysely
    .selectFrom('journal_counters')
    .select('last_seq')
    .where('business_id', '=', business.id)
    .executeTakeFirstOrThrow();
  await db.close();
  return { businessId: business.id, sales: n, reversals, entries: Number(head.last_seq) };
}
