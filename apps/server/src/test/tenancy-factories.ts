import sharp from 'sharp';
import { ALL_FLAGS, type Location, type Sale } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import { v7 } from 'uuid';
import type { Database } from '../db/tables.js';
import { signedInBusiness } from './factories.js';
import { paid, reversed, sold, staffWith, stock } from './sales-factories.js';
import { buildLocation, buildProduct, buildSupplier } from './stock-factories.js';
import type { TestApp } from './test-app.js';

let pictures = 0;
/**
 * A 1×1 PNG of a colour of its own each time (all of one size as kept), for an uploaded image of
 * each business: the same picture sent again by the same user is the file kept before.
 */
function nextPicture(): Promise<Buffer> {
  const n = pictures++;
  const background = { r: n % 256, g: Math.floor(n / 256) % 256, b: 77, alpha: 1 };
  return sharp({ create: { width: 1, height: 1, channels: 4, background } })
    .png()
    .toBuffer();
}

/** One business of a two-business server, with a record of every kind and its three callers. */
export interface Tenant {
  businessId: string;
  /** Every name this business's records carry contains it (to spot a leak in a response). */
  tag: string;
  admin: string;
  /** A staff user with every flag, allowed at every location. */
  staffAll: string;
  /** A staff user with no flag. */
  staffNone: string;
  main: Location;
  /** The usernames of admin, staffAll and staffNone (to sign in again). */
  logins: { admin: string; staffAll: string; staffNone: string };
  /** The ids of each table's rows of this business. */
  ids: Partial<Record<keyof Database, string[]>>;
  /** Values of other columns a route may take (image names, receipt numbers). */
  names: string[];
  receiptNos: string[];
  /** The business day of its sales. */
  day: string;
}

async function post(app: FastifyInstance, cookie: string, url: string, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`POST ${url} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string; name?: string }>();
}

/** Ids of every table with `id` and `business_id`, read back from the database. */
export async function idsOf(t: TestApp, businessId: string): Promise<Tenant['ids']> {
  const tables = await t.db.kysely.introspection.getTables();
  const ids: Tenant['ids'] = {};
  for (const table of tables) {
    const cols = new Set(table.columns.map((c) => c.name));
    if (!cols.has('id') || !cols.has('business_id')) continue;
    const rows = await t.db.kysely
      .selectFrom(table.name as keyof Database)
      .select('id' as never)
      .where('business_id' as never, '=', businessId as never)
      .execute();
    ids[table.name as keyof Database] = (rows as { id: string }[]).map((r) => r.id);
  }
  return ids;
}

/** The business, made as the CLI makes it on a hosted server (an online business); the admin's cookie. */
async function setUpTenant(t: TestApp, tag: string, username: string) {
  const { id, cookie } = await signedInBusiness(t, `${tag} Traders`, username, `${tag}-TILL`);
  return { businessId: id, admin: cookie };
}

/** Two locations (the first renamed), a supplier and two products stocked at the first. */
async function stockUp(app: FastifyInstance, admin: string, tag: string) {
  const first = (await app.inject({ url: '/api/locations', headers: { cookie: admin } })).json<
    Location[]
  >()[0]!;
  await app.inject({
    method: 'PATCH',
    url: `/api/locations/${first.id}`,
    headers: { cookie: admin },
    payload: { name: `${tag} Main` },
  });
  const main = { ...first, name: `${tag} Main` };
  const branch = await buildLocation(app, admin, `${tag} Branch`);
  const supplier = await buildSupplier(app, admin, `${tag} Distributors`);
  const sugar = await buildProduct(app, admin, {
    name: `${tag} Sugar`,
    code: `${tag}SUG`,
    barcodes: [`${[...tag].map((c) => c.charCodeAt(0)).join('')}01`],
    category: `${tag} Dry goods`,
    // sold by weight: the sale's reversal takes half of it back
    unit: 'kg',
  });
  const bread = await buildProduct(app, admin, { name: `${tag} Bread`, code: `${tag}BRD` });
  await stock(app, admin, supplier.id, main.id, [
    { product: sugar, quantity: 100_000, unit_cost: 5_000 },
    { product: bread, quantity: 100_000, unit_cost: 5_000 },
  ]);
  return { main, branch, sugar, bread };
}

/** A provider and a debtor; a cash, a debtor and a transfer sale; a reversal and a payment. */
async function sell(app: FastifyInstance, admin: string, tag: string, mainId: string, productId: string) {
  const provider = await post(app, admin, '/api/payment-providers', {
    name: `${tag} Pesa`,
    kind: 'mobile_money',
  });
  const debtor = await post(app, admin, '/api/debtors', { name: `${tag} Debtor`, credit_limit: 1_000_000 });
  const line = [{ product_id: productId, quantity: 1000 }];
  const cash = await sold(app, admin, { kind: 'cash', location_id: mainId, lines: line, tendered: 50_000 });
  const onCredit: Sale = await sold(app, admin, {
    kind: 'debtor',
    location_id: mainId,
    lines: line,
    debtor_id: debtor.id,
  });
  const byTransfer: Sale = await sold(app, admin, {
    kind: 'transfer',
    location_id: mainId,
    lines: line,
    provider_id: provider.id,
    reference: `${tag}REF1`,
  });
  await reversed(app, admin, cash.id, { lines: [{ line_no: 1, quantity: 500 }] });
  await paid(app, admin, debtor.id, { amount: 1_000, method: 'cash', location_id: mainId });
  return {
    day: cash.business_day,
    receiptNos: [cash.receipt_no, onCredit.receipt_no, byTransfer.receipt_no],
  };
}

/** An expense, an open count at the branch and the day closed at the main location. */
async function keepBooks(
  app: FastifyInstance,
  admin: string,
  tag: string,
  at: { main: string; branch: string; day: string; breadId: string },
) {
  const category = await post(app, admin, '/api/expense-categories', { name: `${tag} Rent` });
  await post(app, admin, '/api/expenses', {
    id: v7(),
    date: at.day,
    category_id: category.id,
    amount: 1_000,
    method: 'cash',
    location_id: at.main,
    note: `${tag} expense`,
  });
  const count = await post(app, admin, '/api/stock-counts', {
    id: v7(),
    location_id: at.branch,
    note: `${tag} count`,
  });
  await post(app, admin, `/api/stock-counts/${count.id}/entries`, {
    id: v7(),
    product_id: at.breadId,
    quantity: 1000,
  });
  await post(app, admin, '/api/daily-sales/close', {
    id: v7(),
    location_id: at.main,
    day: at.day,
    counted_cash: 0,
    note: `${tag} close`,
  });
}

/** Uploads a picture of its own as an image; answers its stored name. */
export async function uploadImage(app: FastifyInstance, admin: string): Promise<string> {
  const boundary = '----tenancy';
  const upload = await app.inject({
    method: 'POST',
    url: '/api/files/images',
    headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await nextPicture(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
  return upload.json<{ name: string }>().name;
}

/** The staff users: one with every flag at both locations, a spare one, one with no flag. */
async function hireStaff(app: FastifyInstance, admin: string, tag: string, locations: string[]) {
  const staffAll = (
    await staffWith(app, admin, [...ALL_FLAGS], {
      name: `${tag} Clerk`,
      username: `${tag.toLowerCase()}all`,
      location_ids: locations,
    })
  ).cookie;
  // A user nobody signs in as comes first among the users: a route may change them (password).
  const spare = await staffWith(app, admin, [], {
    name: `${tag} Spare`,
    username: `${tag.toLowerCase()}spare`,
  });
  const staffNone = (
    await staffWith(app, admin, [], { name: `${tag} Helper`, username: `${tag.toLowerCase()}none` })
  ).cookie;
  return { staffAll, spareId: spare.user.id, staffNone };
}

/**
 * A business set up on the shared server (the second one as a hosted server would) and filled
 * through the API with a record of every kind: locations, supplier, products and stock, a
 * provider, a debtor, cash/debtor/transfer sales, a reversal, a payment, an expense, an open
 * count, a closed day, an image, two staff users and a parked sale. Every name contains `tag`.
 */
export async function buildTenant(t: TestApp, tag: string): Promise<Tenant> {
  const { app } = t;
  const username = `${tag.toLowerCase()}boss`;
  const { businessId, admin } = await setUpTenant(t, tag, username);
  const { main, branch, sugar, bread } = await stockUp(app, admin, tag);
  const { day, receiptNos } = await sell(app, admin, tag, main.id, sugar.id);
  await keepBooks(app, admin, tag, { main: main.id, branch: branch.id, day, breadId: bread.id });
  const image = await uploadImage(app, admin);
  const { staffAll, spareId, staffNone } = await hireStaff(app, admin, tag, [main.id, branch.id]);
  const parked = await app.inject({
    method: 'PUT',
    url: `/api/work-drafts/${v7()}`,
    headers: { cookie: admin },
    payload: { kind: 'parked', name: `${tag} parked`, body: { note: `${tag} cart` } },
  });
  if (parked.statusCode !== 200) throw new Error(`parking failed: ${parked.statusCode} ${parked.body}`);
  const ids = await idsOf(t, businessId);
  return {
    businessId,
    tag,
    logins: { admin: username, staffAll: `${tag.toLowerCase()}all`, staffNone: `${tag.toLowerCase()}none` },
    admin,
    staffAll,
    staffNone,
    main,
    ids: { ...ids, users: [spareId, ...(ids.users ?? []).filter((id) => id !== spareId)] },
    names: [image],
    day,
    receiptNos: receiptNos.map(String),
  };
}
