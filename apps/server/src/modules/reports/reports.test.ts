import type {
  Location,
  Product,
  ProfitReport,
  Sale,
  SalesReport,
  StockReport,
  Dashboard,
} from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSummaries } from '../../db/migrations/0013-reversal-discounts.js';
import { buildUser, signIn, STAFF_PASSWORD } from '../../test/factories.js';
import { buildShop, postSale, reverse, stock } from '../../test/sales-factories.js';
import { buildLocation, buildProduct } from '../../test/stock-factories.js';
import { preparedName } from '../../db/pg-prepared.js';
import { statementsOf } from '../../test/statements.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/**
 * A generated month of a shop in Berlin around the change to summer time (29 March 2026, when
 * 02:00 became 03:00), with two cashiers at two locations, taxed and untaxed products, line
 * discounts, partial reversals and expenses. The test works out every expected figure itself from
 * the records it made, with plain arithmetic, and compares the reports with them.
 */

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Berlin wall time to UTC: +01:00 before 29 March 02:00, +02:00 from then on. */
function berlin(day: string, hhmm: string): number {
  const local = Date.parse(`${day}T${hhmm}:00Z`);
  const summer = `${day}T${hhmm}` >= '2026-03-29T03:00';
  return local - (summer ? 2 : 1) * 3600_000;
}

const taxOf = (net: number, rate: number) => Math.round((net * rate) / (10_000 + rate));

interface Plan {
  day: string;
  time: string;
  cashier: 'a' | 'b';
  location: 'shop' | 'branch';
  lines: { product: number; units: number; discount: number }[];
}

describe('reports over generated sales', () => {
  let t: TestApp;
  let admin: string;
  let cashiers: { a: { cookie: string; id: string }; b: { cookie: string; id: string } };
  let locations: { shop: Location; branch: Location };
  let products: Product[];
  const costs = [12_000, 4_000, 30_000, 800];
  const prices = [18_000, 6_500, 45_000, 1_500];
  const rates = [1600, 0, 1600, 800];
  const expected = {
    byDay: new Map<string, { sales: number; count: number; reversals: number; rcount: number }>(),
    byProduct: new Map<string, { qty: number; revenue: number; rqty: number; rrevenue: number }>(),
    byCashier: new Map<string, number>(),
    byKind: new Map<string, number>(),
    revenueExTax: 0,
    cogs: 0,
    expenses: 0,
    tax: 0,
  };
  const at = (ms: number) => t.clock.advance(ms - t.clock.now().getTime());
  const get = async <T>(url: string, cookie = admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    t = await buildTestApp({ sessionIdleMs: 90 * 86_400_000, sessionMaxMs: 90 * 86_400_000 });
    at(Date.parse('2026-03-20T08:00:00Z'));
    const s = await buildShop(t.app, { timezone: 'Europe/Berlin', currency: 'EUR' });
    admin = s.admin;
    await t.app.inject({
      method: 'PATCH',
      url: '/api/business/profile',
      headers: { cookie: admin },
      payload: { max_discount_bp: 1000 },
    });
    locations = { shop: s.shop, branch: await buildLocation(t.app, admin, 'Branch') };
    products = [];
    for (let i = 0; i < 4; i++)
      products.push(
        await buildProduct(t.app, admin, {
          name: `Item ${String.fromCharCode(65 + i)}`,
          code: `GEN${i}`,
          category: i % 2 ? 'Bakery' : 'Dry goods',
          price: prices[i],
          tax_rate: rates[i],
        }),
      );
    for (const loc of [locations.shop, locations.branch])
      await stock(
        t.app,
        admin,
        s.supplier,
        loc.id,
        products.map((p, i) => ({ product: p, quantity: 1_000_000, unit_cost: costs[i]! })),
      );
    const both = [locations.shop.id, locations.branch.id];
    const make = async (username: string, name: string) => {
      const u = await buildUser(t.app, admin, {
        username,
        name,
        user_roles: { sell_cash: 1, sell_debtors: 1, reversing_cash: 1 },
        location_ids: both,
      });
      return { cookie: (await signIn(t.app, username, STAFF_PASSWORD)).cookie, id: u.id };
    };
    cashiers = { a: await make('achieng', 'Achieng'), b: await make('baraka', 'Baraka') };

    // Sales from 27 March to 1 April, some in the last hour before midnight and the first after,
    // on both sides of the change of time.
    const rnd = random(20260329);
    const days = ['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01'];
    const times = ['00:20', '08:15', '12:40', '17:05', '23:35'];
    const plans: Plan[] = [];
    for (const day of days)
      for (const time of times)
        for (let k = 0; k < 2; k++) {
          const n = 1 + Math.floor(rnd() * 3);
          const used = new Set<number>();
          const lines = [];
          while (lines.length < n) {
            const product = Math.floor(rnd() * 4);
            if (used.has(product)) continue;
            used.add(product);
            const units = 1 + Math.floor(rnd() * 4);
            // a whole-unit discount on some lines: 5 % of the line, exact in cents
            const discount = rnd() < 0.3 ? (prices[product]! * units) / 20 : 0;
            lines.push({ product, units, discount });
          }
          plans.push({
            day,
            time,
            cashier: rnd() < 0.5 ? 'a' : 'b',
            location: rnd() < 0.7 ? 'shop' : 'branch',
            lines,
          });
        }

    const sales: { sale: Sale; plan: Plan }[] = [];
    for (const plan of plans) {
      at(berlin(plan.day, plan.time));
      const kind = plan.lines.length === 1 ? 'debtor' : 'cash';
      const total = plan.lines.reduce((x, l) => x + prices[l.product]! * l.units - l.discount, 0);
      if (kind === 'debtor') {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/debtors/${s.debtor.id}`,
          headers: { cookie: admin },
          payload: { credit_limit: 100_000_000 },
        });
      }
      const res = await postSale(t.app, cashiers[plan.cashier].cookie, {
        kind,
        location_id: locations[plan.location].id,
        lines: plan.lines.map((l) => ({
          product_id: products[l.product]!.id,
          quantity: l.units * 1000,
          discount: l.discount,
        })),
        ...(kind === 'cash' ? { tendered: total } : { debtor_id: s.debtor.id }),
      });
      expect(res.statusCode, res.body).toBe(201);
      sales.push({ sale: res.json<Sale>(), plan });
      const d = expected.byDay.get(plan.day) ?? { sales: 0, count: 0, reversals: 0, rcount: 0 };
      d.sales += total;
      d.count += 1;
      expected.byDay.set(plan.day, d);
      expected.byCashier.set(plan.cashier, (expected.byCashier.get(plan.cashier) ?? 0) + total);
      expected.byKind.set(kind, (expected.byKind.get(kind) ?? 0) + total);
      for (const l of plan.lines) {
        const net = prices[l.product]! * l.units - l.discount;
        const p = expected.byProduct.get(products[l.product]!.id) ?? {
          qty: 0,
          revenue: 0,
          rqty: 0,
          rrevenue: 0,
        };
        p.qty += l.units * 1000;
        p.revenue += net;
        expected.byProduct.set(products[l.product]!.id, p);
        const tax = taxOf(net, rates[l.product]!);
        expected.tax += tax;
        expected.revenueExTax += net - tax;
        expected.cogs += costs[l.product]! * l.units;
      }
    }

    // Partial reversals on 1 April, 10:00: one unit of the first line of every seventh sale whose
    // first line has no discount and more than one unit (whole units, so amounts are exact).
    at(berlin('2026-04-01', '10:00'));
    for (const [i, { sale, plan }] of sales.entries()) {
      const l = plan.lines[0]!;
      if (i % 7 !== 0 || l.discount !== 0 || l.units < 2 || sale.kind !== 'cash') continue;
      const res = await reverse(t.app, cashiers[plan.cashier].cookie, sale.id, {
        lines: [{ line_no: 1, quantity: 1000 }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const amount = prices[l.product]!;
      const d = expected.byDay.get('2026-04-01')!;
      d.reversals += amount;
      d.rcount += 1;
      const p = expected.byProduct.get(products[l.product]!.id)!;
      p.rqty += 1000;
      p.rrevenue += amount;
      expected.byCashier.set(plan.cashier, expected.byCashier.get(plan.cashier)! - amount);
      expected.byKind.set('cash', expected.byKind.get('cash')! - amount);
      const tax = taxOf(amount, rates[l.product]!);
      expected.tax -= tax;
      expected.revenueExTax -= amount - tax;
      expected.cogs -= costs[l.product]!;
    }

    // Expenses on two days, one of them voided.
    const category = (
      await t.app.inject({
        method: 'POST',
        url: '/api/expense-categories',
        headers: { cookie: admin },
        payload: { name: 'Rent' },
      })
    ).json<{ id: string }>();
    for (const [date, amount, voided] of [
      ['2026-03-28', 25_000, false],
      ['2026-03-30', 9_900, true],
      ['2026-03-30', 4_400, false],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/expenses',
        headers: { cookie: admin },
        payload: {
          id: v7(),
          date,
          category_id: category.id,
          amount,
          method: 'cash',
          location_id: locations.shop.id,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      if (voided)
        await t.app.inject({
          method: 'POST',
          url: `/api/expenses/${res.json<{ id: string }>().id}/void`,
          headers: { cookie: admin },
          payload: { id: v7(), reason: 'Typed twice' },
        });
      else expected.expenses += amount;
    }
  });
  afterAll(() => t.close());

  const range = 'from=2026-03-27&to=2026-04-01';

  it('totals and days follow Berlin midnights across the change of time', async () => {
    const r = await get<SalesReport>(`/api/reports/sales?${range}`);
    const days = [...expected.byDay].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(r.by_day).toEqual(
      days.map(([day, d]) => ({
        day,
        sales_count: d.count,
        sales_total: d.sales,
        reversals_count: d.rcount,
        reversals_total: d.reversals,
        net: d.sales - d.reversals,
      })),
    );
    const sales = days.reduce((x, [, d]) => x + d.sales, 0);
    const reversals = days.reduce((x, [, d]) => x + d.reversals, 0);
    expect(r.totals).toMatchObject({
      sales_count: 60,
      sales_total: sales,
      reversals_total: reversals,
      net: sales - reversals,
      tax: expected.tax,
      average_sale: Math.round((sales - reversals) / 60),
    });
    expect(r.totals.reversals_count).toBeGreaterThan(0);
    // A single day is midnight to midnight in Berlin: 29 March had 23 hours.
    const one = await get<SalesReport>('/api/reports/sales?from=2026-03-29&to=2026-03-29');
    expect(one.totals.sales_total).toBe(expected.byDay.get('2026-03-29')!.sales);
  });

  it('by product, category, cashier, location and kind, reversals netted', async () => {
    const r = await get<SalesReport>(`/api/reports/sales?${range}`);
    for (const p of r.by_product) {
      const e = expected.byProduct.get(p.product_id)!;
      expect(p, p.name).toMatchObject({
        quantity: e.qty,
        revenue: e.revenue,
        reversed_quantity: e.rqty,
        reversed_revenue: e.rrevenue,
        net_quantity: e.qty - e.rqty,
        net: e.revenue - e.rrevenue,
      });
    }
    expect(r.by_product).toHaveLength(expected.byProduct.size);
    const bakery = products
      .filter((_, i) => i % 2)
      .reduce((x, p) => {
        const e = expected.byProduct.get(p.id);
        return x + (e ? e.revenue - e.rrevenue : 0);
      }, 0);
    expect(r.by_category.find((c) => c.category === 'Bakery')?.net).toBe(bakery);
    expect(r.by_cashier.find((c) => c.user_id === cashiers.a.id)?.net).toBe(expected.byCashier.get('a'));
    expect(r.by_cashier.find((c) => c.user_id === cashiers.b.id)?.net).toBe(expected.byCashier.get('b'));
    expect(r.by_kind.find((k) => k.kind === 'debtor')?.net).toBe(expected.byKind.get('debtor'));
    expect(r.by_location.reduce((x, l) => x + l.net, 0)).toBe(r.totals.net);
    // the names behind the ids
    expect(r.by_cashier.find((c) => c.user_id === cashiers.a.id)?.name).toBe('Achieng');
    expect(r.by_cashier.find((c) => c.user_id === cashiers.b.id)?.name).toBe('Baraka');
    expect(r.by_location.find((l) => l.location_id === locations.branch.id)?.name).toBe('Branch');
    for (const p of r.by_product) {
      const { name, code, category, unit } = products.find((x) => x.id === p.product_id)!;
      expect(p).toMatchObject({ name, code, category, unit });
    }
    const branch = await get<SalesReport>(`/api/reports/sales?${range}&location_id=${locations.branch.id}`);
    expect(branch.totals.net).toBe(r.by_location.find((l) => l.location_id === locations.branch.id)?.net);
  });

  it("reads the names behind a report's ids (products, cashiers, locations) in one statement", async () => {
    const { texts } = await statementsOf(t.db, () => get<SalesReport>(`/api/reports/sales?${range}`));
    const names = texts.filter((text) => /from "users"/.test(text));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/from "locations"/);
    expect(names[0]).toMatch(/from "products"/);
  });

  it('reads its summaries and names with statements prepared once per connection on PostgreSQL, the same with and without a location', async () => {
    // the summaries' reads and the names' (whatever number of products and cashiers)
    const summaries = /from "(sales_summary_daily|product_sales_daily|product_sales_monthly|users)"/;
    const read = async (url: string) => {
      const { texts, result } = await statementsOf(t.db, () => get<SalesReport>(url));
      return { texts: texts.filter((text) => summaries.test(text)), result };
    };
    const whole = await read(`/api/reports/sales?${range}`);
    const branch = await read(`/api/reports/sales?${range}&location_id=${locations.branch.id}`);
    expect(whole.texts.length).toBeGreaterThanOrEqual(3); // the sums, the products' figures, the names
    expect(branch.texts.length).toBe(whole.texts.length);
    for (const text of [...whole.texts, ...branch.texts])
      if (t.db.dialect === 'postgres') expect(preparedName(text), text).toBeDefined();
    // the same texts again: the shapes are kept, one per filter
    expect((await read(`/api/reports/sales?${range}`)).texts).toEqual(whole.texts);
    expect(branch.result.totals.net).toBe(
      whole.result.by_location.find((l) => l.location_id === locations.branch.id)?.net,
    );
  });

  it('profit: revenue without tax, cost at the recorded unit costs, expenses net of voids, per day, week and month', async () => {
    const r = await get<ProfitReport>(`/api/reports/profit?${range}&period=day`);
    const gross = expected.revenueExTax - expected.cogs;
    expect(r.totals).toEqual({
      revenue: expected.revenueExTax,
      cogs: expected.cogs,
      gross_profit: gross,
      margin_bp: Math.round((gross * 10_000) / expected.revenueExTax),
      expenses: expected.expenses,
      net_profit: gross - expected.expenses,
      tax: expected.tax,
    });
    expect(r.periods.find((p) => p.start === '2026-03-28')?.expenses).toBe(25_000);
    expect(r.periods.find((p) => p.start === '2026-03-30')?.expenses).toBe(4_400);
    const weeks = await get<ProfitReport>(`/api/reports/profit?${range}&period=week`);
    expect(weeks.periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-03-27', '2026-03-29'],
      ['2026-03-30', '2026-04-01'],
    ]);
    const months = await get<ProfitReport>(`/api/reports/profit?${range}&period=month`);
    expect(months.periods.map((p) => p.start)).toEqual(['2026-03-27', '2026-04-01']);
    for (const x of [weeks, months]) expect(x.totals).toEqual(r.totals);
  });

  it('stock: on hand and values per location, movements of the range by kind', async () => {
    const r = await get<StockReport>(`/api/reports/stock?${range}`);
    const sold = (i: number) => {
      const e = expected.byProduct.get(products[i]!.id);
      return e ? e.qty - e.rqty : 0;
    };
    const total = (i: number) =>
      r.on_hand.filter((x) => x.product_id === products[i]!.id).reduce((x, y) => x + y.quantity, 0);
    for (let i = 0; i < 4; i++) expect(total(i)).toBe(2_000_000 - sold(i));
    const itemA = r.on_hand.find(
      (x) => x.product_id === products[0]!.id && x.location_id === locations.shop.id,
    )!;
    expect(itemA.value_cost).toBe(Math.round((itemA.quantity * costs[0]!) / 1000));
    expect(itemA.value_price).toBe(Math.round((itemA.quantity * prices[0]!) / 1000));
    const saleMoves = r.movements.find((m) => m.kind === 'sale')!;
    expect(-saleMoves.quantity).toBe([...expected.byProduct.values()].reduce((x, p) => x + p.qty, 0));
    expect(r.movements.find((m) => m.kind === 'sale_reversal')?.quantity).toBe(
      [...expected.byProduct.values()].reduce((x, p) => x + p.rqty, 0),
    );
    // the receipts were before the range: none of them is a movement of it
    expect(r.movements.find((m) => m.kind === 'supplier_receipt')).toBeUndefined();
  });

  it('the summaries rebuilt from the sales give the same reports', async () => {
    const before = await get<SalesReport>(`/api/reports/sales?${range}`);
    for (const table of ['sales_summary_daily', 'product_sales_daily', 'product_sales_monthly'] as const)
      await t.db.kysely.deleteFrom(table).execute();
    await fillSummaries(t.db.kysely);
    expect(await get<SalesReport>(`/api/reports/sales?${range}`)).toEqual(before);
  });

  it('the dashboard shows today against yesterday and the last 30 days', async () => {
    at(berlin('2026-04-01', '20:00'));
    const d = await get<Dashboard>('/api/reports/dashboard');
    expect(d.today).toBe('2026-04-01');
    const today = expected.byDay.get('2026-04-01')!;
    expect(d.today_figures.sales).toBe(today.sales - today.reversals);
    expect(d.today_figures.count).toBe(today.count);
    expect(d.yesterday_figures.sales).toBe(expected.byDay.get('2026-03-31')!.sales);
    expect(d.days).toHaveLength(30);
    expect(d.days.at(-1)!.day).toBe('2026-04-01');
    expect(d.month.start).toBe('2026-04-01');
    expect(d.top_products.length).toBeGreaterThan(0);
    expect(d.debtors.owed).toBeGreaterThan(0);
  });

  it('each report is for those allowed to see it', async () => {
    const make = async (flags: string[], username: string) => {
      await buildUser(t.app, admin, {
        username,
        user_roles: Object.fromEntries(flags.map((f) => [f, 1])),
        location_ids: [locations.shop.id],
      });
      return (await signIn(t.app, username, STAFF_PASSWORD)).cookie;
    };
    const none = await make(['sell_cash', 'current_sales'], 'noreports');
    const salesOnly = await make(['view_sales_report'], 'salesviewer');
    const stockOnly = await make(['view_stock_report'], 'stockviewer');
    const status = async (url: string, cookie: string) =>
      (await t.app.inject({ url, headers: { cookie } })).statusCode;
    const urls = {
      sales: [`/api/reports/sales?${range}`, `/api/reports/sales/export?format=csv&${range}`],
      stock: [`/api/reports/stock?${range}`, `/api/reports/stock/export?format=csv&${range}`],
      admin: [
        `/api/reports/profit?${range}`,
        `/api/reports/profit/export?format=csv&${range}`,
        '/api/reports/dashboard',
      ],
    };
    for (const u of urls.sales) {
      expect(await status(u, salesOnly), u).toBe(200);
      expect(await status(u, stockOnly), u).toBe(403);
      expect(await status(u, none), u).toBe(403);
    }
    for (const u of urls.stock) {
      expect(await status(u, stockOnly), u).toBe(200);
      expect(await status(u, salesOnly), u).toBe(403);
    }
    for (const u of urls.admin) {
      for (const c of [none, salesOnly, stockOnly]) expect(await status(u, c), u).toBe(403);
      expect(await status(u, admin), u).toBe(200);
    }
    expect((await t.app.inject({ url: `/api/reports/sales?${range}` })).statusCode).toBe(401);
    expect(await status('/api/reports/sales?from=2026-04-02&to=2026-04-01', admin)).toBe(422);
    // days past the year 2999 (or before 2000): refused, not a 500 from stepping into the year
    // 10000, nor every product ever sold listed for the end of December 9999
    for (const u of [
      '/api/reports/sales?from=9999-12-01&to=9999-12-30',
      '/api/reports/sales?from=9999-12-15&to=9999-12-31',
      '/api/reports/stock?from=9999-12-15&to=9999-12-31',
      '/api/reports/profit?from=0099-01-01&to=0099-01-31',
    ])
      expect(await status(u, admin), u).toBe(422);
  });
});
