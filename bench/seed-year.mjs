// One year of a busy shop straight into a database, with the built server's own schema and
// modules: ~1,000,000 sale lines over three locations and five cashiers, reversals, expenses, the
// stock movements of every line, and the report summaries filled from them (as the migration
// does). The bench measures the reports, not the way the data got there.
import { sql } from 'kysely';
import { addDays, businessDay, dayStart, lineAmount } from '../packages/domain/dist/index.js';
import { migrate, openDatabase } from '../apps/server/dist/db/database.js';
import { fillSummaries } from '../apps/server/dist/db/migrations/0013-reversal-discounts.js';
import { newId as v7 } from '../apps/server/dist/lib/ids.js';
import { systemClock } from '../apps/server/dist/lib/clock.js';
import { setUpBusiness } from '../apps/server/dist/modules/setup/setup.service.js';

const TZ = 'Africa/Nairobi';

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

/** Writes rows in batches: one prepared multi-row insert per batch, all in the caller's transaction. */
function writer() {
  return async (trx, table, rows) => {
    if (rows.length === 0) return;
    const cols = Object.keys(rows[0]).length;
    const batch = Math.max(1, Math.floor(30_000 / cols));
    for (let i = 0; i < rows.length; i += batch)
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + batch))
        .execute();
  };
}

export async function seedYear({
  databaseUrl,
  sqliteFile,
  password,
  lines: targetLines = 1_000_000,
  log = () => {},
}) {
  const db = openDatabase({ databaseUrl, sqliteFile });
  await migrate(db);
  const { business, locationId, admin } = await setUpBusiness(
    db,
    systemClock,
    {
      business_name: 'Busy shop',
      username: 'owner',
      password,
      currency: 'KES',
      timezone: TZ,
      language: 'en',
    },
    { onlyIfNone: !databaseUrl },
  );
  const b = business.id;
  const rnd = random(7);
  const write = writer();
  const now = new Date().toISOString();
  const today = businessDay(new Date(), TZ);
  const first = addDays(today, -364);

  const locations = [locationId, v7(), v7()];
  const users = [admin.id, v7(), v7(), v7(), v7()];
  const products = Array.from({ length: 500 }, (_, i) => ({
    id: v7(),
    price: 1_000 + Math.floor(rnd() * 200) * 250,
    tax_rate: i % 3 === 0 ? 1600 : 0,
    cost: 0,
  }));
  for (const p of products) p.cost = Math.round(p.price * (0.6 + rnd() * 0.25));
  const category = await db.kysely.transaction().execute(async (trx) => {
    await write(
      trx,
      'locations',
      locations.slice(1).map((id, i) => ({
        id,
        business_id: b,
        name: `Branch ${i + 1}`,
        active: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    );
    await write(
      trx,
      'users',
      users.slice(1).map((id, i) => ({
        id,
        business_id: b,
        name: `Cashier ${i + 1}`,
        username: `cashier${i + 1}`,
        username_key: `cashier${i + 1}-${b}`,
        mobile: null,
        password_hash: 'x',
        role: 'staff',
        flags: '["sell_cash"]',
        img: 'profile.png',
        home_location_id: locationId,
        active: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    );
    await write(
      trx,
      'products',
      products.map((p, i) => ({
        id: p.id,
        business_id: b,
        name: `Product ${i}`,
        code: `Y${i}`,
        search_key: `product ${i} y${i}`,
        category: `Category ${i % 12}`,
        unit: 'each',
        price: p.price,
        tax_rate: p.tax_rate,
        reorder_level: 5_000,
        avg_cost: p.cost,
        image: null,
        active: 1,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      })),
    );
    const id = v7();
    await write(trx, 'expense_categories', [
      { id, business_id: b, name: 'Rent', active: 1, created_at: now, updated_at: now },
    ]);
    return id;
  });

  // ~2,740 lines a day, 1 to 5 per sale.
  const perDay = targetLines / 365;
  let receipt = 0;
  let total = 0;
  const levels = new Map();
  for (let d = 0; d < 365; d++) {
    const day = addDays(first, d);
    const start = dayStart(day, TZ);
    const sales = [];
    const saleLines = [];
    const movements = [];
    const reversals = [];
    const reversalLines = [];
    let dayLines = 0;
    while (dayLines < perDay) {
      const n = 1 + Math.floor(rnd() * 5);
      const id = v7();
      const loc = locations[Math.floor(rnd() * 3)];
      const user = users[Math.floor(rnd() * 5)];
      const at = new Date(start + 7 * 3600_000 + Math.floor(rnd() * 14 * 3600_000)).toISOString();
      let gross = 0;
      let tax = 0;
      let cost = 0;
      const mine = [];
      for (let i = 0; i < n; i++) {
        const p = products[Math.floor(rnd() * products.length)];
        const quantity = 1000 * (1 + Math.floor(rnd() * 3));
        const net = lineAmount(quantity, p.price);
        const t = p.tax_rate ? Math.round((net * p.tax_rate) / (10_000 + p.tax_rate)) : 0;
        const c = lineAmount(quantity, p.cost);
        gross += net;
        tax += t;
        cost += c;
        const l = {
          sale_id: id,
          line_no: i + 1,
          business_id: b,
          product_id: p.id,
          name: 'x',
          code: 'x',
          unit: 'each',
          quantity,
          unit_price: p.price,
          tax_rate: p.tax_rate,
          gross: net,
          discount: 0,
          sale_discount: 0,
          net,
          tax: t,
          unit_cost: p.cost,
          cost: c,
        };
        mine.push(l);
        saleLines.push(l);
        movements.push({
          id: v7(),
          business_id: b,
          product_id: p.id,
          location_id: loc,
          quantity: -quantity,
          unit_cost: p.cost,
          kind: 'sale',
          doc_type: 'sale',
          doc_id: id,
          reason: null,
          user_id: user,
          device_id: null,
          created_at: at,
          business_day: day,
        });
        const k = `${p.id}|${loc}`;
        levels.set(k, (levels.get(k) ?? 0) - quantity);
      }
      receipt += 1;
      sales.push({
        id,
        business_id: b,
        receipt_no: String(receipt).padStart(6, '0'),
        kind: 'cash',
        location_id: loc,
        user_id: user,
        device_id: null,
        business_day: day,
        gross,
        discount: 0,
        total: gross,
        tax,
        cost,
        tendered: gross,
        change: 0,
        debtor_id: null,
        debtor_balance_after: null,
        provider_id: null,
        reference: null,
        note: '',
        request_hash: 'bench',
        created_at: at,
      });
      // 2 % of sales: the first line taken back in full the same day.
      if (rnd() < 0.02) {
        const l = mine[0];
        const rid = v7();
        receipt += 1;
        reversals.push({
          id: rid,
          business_id: b,
          receipt_no: String(receipt).padStart(6, '0'),
          sale_id: id,
          kind: 'cash',
          location_id: loc,
          reason: 'bench',
          total: l.net,
          tax: l.tax,
          cost: l.cost,
          debtor_id: null,
          debtor_balance_after: null,
          provider_id: null,
          reference: null,
          user_id: user,
          device_id: null,
          business_day: day,
          request_hash: 'bench',
          created_at: at,
        });
        reversalLines.push({
          reversal_id: rid,
          line_no: 1,
          business_id: b,
          sale_id: id,
          sale_line_no: 1,
          product_id: l.product_id,
          quantity: l.quantity,
          amount: l.net,
          tax: l.tax,
          cost: l.cost,
        });
        movements.push({
          id: v7(),
          business_id: b,
          product_id: l.product_id,
          location_id: loc,
          quantity: l.quantity,
          unit_cost: l.unit_cost,
          kind: 'sale_reversal',
          doc_type: 'reversal',
          doc_id: rid,
          reason: 'bench',
          user_id: user,
          device_id: null,
          created_at: at,
          business_day: day,
        });
        const k = `${l.product_id}|${loc}`;
        levels.set(k, levels.get(k) + l.quantity);
      }
      dayLines += n;
    }
    total += dayLines;
    await db.kysely.transaction().execute(async (trx) => {
      await write(trx, 'sales', sales);
      await write(trx, 'sale_lines', saleLines);
      await write(trx, 'sale_reversals', reversals);
      await write(trx, 'sale_reversal_lines', reversalLines);
      await write(trx, 'stock_movements', movements);
      await write(
        trx,
        'expenses',
        Array.from({ length: 8 }, (_, i) => ({
          id: v7(),
          business_id: b,
          date: day,
          category_id: category,
          amount: 500 + Math.floor(rnd() * 50_000),
          method: i % 2 ? 'cash' : 'transfer',
          location_id: locations[i % 3],
          provider_id: null,
          reference: null,
          note: '',
          image: null,
          voids_id: null,
          user_id: admin.id,
          device_id: null,
          request_hash: 'bench',
          created_at: new Date(start + 12 * 3600_000).toISOString(),
        })),
      );
    });
    if (d % 60 === 0) log(`  day ${d + 1}/365, ${total.toLocaleString('en')} lines`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    // Opening stock, so the levels end up positive and equal to their movements.
    const opening = [];
    const rows = [];
    for (const [k, q] of levels) {
      const [product_id, location_id] = k.split('|');
      const start = Math.max(10_000_000, 1_000_000 - q);
      opening.push({
        id: v7(),
        business_id: b,
        product_id,
        location_id,
        quantity: start,
        unit_cost: 0,
        kind: 'supplier_receipt',
        doc_type: 'receipt',
        doc_id: 'bench',
        reason: null,
        user_id: admin.id,
        device_id: null,
        created_at: new Date(dayStart(first, TZ) - 3600_000).toISOString(),
        business_day: addDays(first, -1),
      });
      rows.push({ business_id: b, product_id, location_id, quantity: start + q, updated_at: now });
    }
    await write(trx, 'stock_movements', opening);
    await write(trx, 'stock_levels', rows);
    await write(trx, 'receipt_counters', [{ business_id: b, series: '', last_no: receipt }]);
    await fillSummaries(trx);
  });
  // A year's database is a settled one: its planner statistics made and, on PostgreSQL, its
  // visibility map set (so index-only scans can skip the table). Without it the figures measured
  // whatever autovacuum happened to be doing to a million fresh rows.
  await sql.raw(db.dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db.kysely);
  await db.close();
  return { lines: total, sales: receipt, from: first, to: today };
}
