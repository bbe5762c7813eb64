#!/usr/bin/env node
// A month of a busy shop written straight into a stopped local server's database, through the
// server's own sale service (postSale: lines, movements, summaries, receipt numbers, the journal),
// with a test clock: the sales are spread evenly over the `days` days before now (ADR 11 §10, the
// month-offline process test). Cash sales mostly, every 10th on credit and every 10th by transfer.
// The products, the debtor and the provider must exist already (made through the API).
//
//   node e2e/support/seed-month.mjs --data-dir DIR --sales 6000 [--days 30] [--seed 1]
//
// Prints one JSON line: { sales, ms, per_second, first_day, last_day }.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { saleBodySchema } from '../../packages/domain/dist/index.js';
import { openDatabase } from '../../apps/server/dist/db/database.js';
import { makeContext } from '../../apps/server/dist/lib/context.js';
import { newId } from '../../apps/server/dist/lib/ids.js';
import { postSale } from '../../apps/server/dist/modules/sales/sales.service.js';
import { prng } from './chaos-proxy.mjs';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    sales: { type: 'string', default: '6000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
  },
});
if (!values['data-dir']) throw new Error('--data-dir is needed');
const total = Number(values.sales);
const days = Number(values.days);
const rand = prng(Number(values.seed));
const pick = (list) => list[Math.floor(rand() * list.length)];

const db = openDatabase({ sqliteFile: path.join(values['data-dir'], 'duka.sqlite') });
const k = db.kysely;
const business = await k.selectFrom('businesses').selectAll().executeTakeFirstOrThrow();
const admin = await k
  .selectFrom('users')
  .selectAll()
  .where('business_id', '=', business.id)
  .where('role', '=', 'admin')
  .orderBy('created_at')
  .executeTakeFirstOrThrow();
const location = await k
  .selectFrom('locations')
  .select('id')
  .where('business_id', '=', business.id)
  .orderBy('created_at')
  .executeTakeFirstOrThrow();
const products = await k.selectFrom('products').select('id').where('business_id', '=', business.id).execute();
const debtor = await k
  .selectFrom('debtors')
  .select('id')
  .where('business_id', '=', business.id)
  .executeTakeFirst();
const provider = await k
  .selectFrom('payment_providers')
  .select('id')
  .where('business_id', '=', business.id)
  .executeTakeFirst();
if (products.length === 0 || !debtor || !provider)
  throw new Error('make products, a debtor and a provider first');

const end = Date.now() - 60_000;
const start = end - days * 86_400_000;
const step = (end - start) / total;
const tag = Math.floor(rand() * 1e9)
  .toString(36)
  .toUpperCase();
const t0 = Date.now();
let firstDay = null;
let lastDay = null;
for (let i = 0; i < total; i++) {
  const at = new Date(start + Math.floor(i * step)).toISOString();
  const ctx = makeContext({
    business,
    user: admin,
    deviceId: null,
    sessionId: null,
    sessionDeviceId: null,
    at,
  });
  const lines = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => ({
    product_id: pick(products).id,
    quantity: 1000 * (1 + Math.floor(rand() * 3)),
  }));
  const kind = i % 10 === 3 ? 'debtor' : i % 10 === 7 ? 'transfer' : 'cash';
  const body = saleBodySchema.parse({
    id: newId(),
    kind,
    location_id: location.id,
    lines,
    ...(kind === 'cash' ? { tendered: 100_000_000 } : {}),
    ...(kind === 'debtor' ? { debtor_id: debtor.id } : {}),
    ...(kind === 'transfer' ? { provider_id: provider.id, reference: `M${tag}${i}` } : {}),
  });
  const sale = await postSale(db, ctx, body);
  firstDay ??= sale.business_day;
  lastDay = sale.business_day;
}
const ms = Date.now() - t0;
await db.close();
process.stdout.write(
  `${JSON.stringify({ sales: total, ms, per_second: Math.floor((total * 1000) / Math.max(1, ms)), first_day: firstDay, last_day: lastDay })}\n`,
);
