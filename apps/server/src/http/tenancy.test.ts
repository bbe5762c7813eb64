import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

/** Two businesses on one server: A asks with B's ids (ADR 10). */
describe('tenancy: ids of another business', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let range = '';

  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    a = await buildTenant(t, 'Alpha');
    b = await buildTenant(t, 'Zebra');
    range = `from=${a.day}&to=${a.day}`;
  });
  afterAll(() => t.close());

  it("answers 404 to each report and each of the nine exports with B's location, never naming it", async () => {
    for (const report of ['sales', 'profit', 'stock']) {
      const json = await t.app.inject({
        url: `/api/reports/${report}?${range}&location_id=${b.main.id}`,
        headers: { cookie: a.admin },
      });
      expect(json.statusCode, report).toBe(404);
      expect(json.body).not.toContain(b.tag);
      for (const format of ['csv', 'xlsx', 'pdf']) {
        const res = await t.app.inject({
          url: `/api/reports/${report}/export?format=${format}&${range}&location_id=${b.main.id}`,
          headers: { cookie: a.admin },
        });
        expect(res.statusCode, `${report} ${format}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
        expect(res.rawPayload.includes(b.tag)).toBe(false);
        const own = await t.app.inject({
          url: `/api/reports/${report}/export?format=${format}&${range}&location_id=${a.main.id}`,
          headers: { cookie: a.admin },
        });
        expect(own.statusCode, `${report} ${format} own`).toBe(200);
      }
    }
    const csv = await t.app.inject({
      url: `/api/reports/sales/export?format=csv&${range}&location_id=${a.main.id}`,
      headers: { cookie: a.admin },
    });
    expect(csv.body).toContain(a.main.name);
  });

  it("answers a clean 409 to a create that reuses B's id, and B's row stays as it was", async () => {
    const cases: [string, string, object][] = [
      ['/api/suppliers', 'suppliers', { name: 'Copy' }],
      ['/api/products', 'products', { name: 'Copy', code: 'COPY1', price: 100 }],
      ['/api/locations', 'locations', { name: 'Copy' }],
      ['/api/debtors', 'debtors', { name: 'Copy' }],
      ['/api/payment-providers', 'payment_providers', { name: 'Copy', kind: 'bank' }],
      ['/api/expense-categories', 'expense_categories', { name: 'Copy' }],
    ];
    for (const [url, table, body] of cases) {
      const id = b.ids[table as keyof Tenant['ids']]![0]!;
      const before = await t.db.kysely
        .selectFrom(table as 'suppliers')
        .selectAll()
        .where('id', '=', id)
        .execute();
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: a.admin },
        payload: { ...body, id },
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
      expect(res.json().error.code, url).toBe('idempotency_conflict');
      expect(res.body).not.toContain(b.tag);
      expect(res.body).not.toContain(b.businessId);
      const after = await t.db.kysely
        .selectFrom(table as 'suppliers')
        .selectAll()
        .where('id', '=', id)
        .execute();
      expect(after).toEqual(before);
      const fresh = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: a.admin },
        payload: { ...body, id: v7(), ...('code' in body ? { code: 'COPY2' } : {}) },
      });
      expect(fresh.statusCode, `${url} fresh ${fresh.body}`).toBe(201);
    }
  });
});
