import type { LightMyRequestResponse } from 'fastify';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables.js';
import { ADMIN_PASSWORD, STAFF_PASSWORD, signIn } from '../test/factories.js';
import { sold } from '../test/sales-factories.js';
import {
  type JsonSchema,
  type Path,
  type SampleSpots,
  deleteAt,
  enumChoices,
  isIdKey,
  sample,
  setAt,
} from '../test/schema-sample.js';
import { type Tenant, buildTenant } from '../test/tenancy-factories.js';
import { type TestApp, buildTestApp } from '../test/test-app.js';

/**
 * ADR 10's guard: every route of the OpenAPI document, as each kind of caller of business A,
 * with B's ids in the path, the body and the query. Routes and their id parameters come from the
 * document, so a new route is walked without touching this file; an id parameter this file cannot
 * fill fails the test until a line is added to the maps below.
 */

type Table = keyof Database;

/** Which table an id-named parameter or body property points into. */
const ID_PARAMS: Record<string, Table> = {
  location_id: 'locations',
  location_ids: 'locations',
  from_location_id: 'locations',
  to_location_id: 'locations',
  home_location_id: 'locations',
  supplier_id: 'suppliers',
  product_id: 'products',
  debtor_id: 'debtors',
  provider_id: 'payment_providers',
  category_id: 'expense_categories',
  user_id: 'users',
  device_id: 'devices',
  // the payment a void names (POST /api/debtors/{id}/payments/{paymentId}/void)
  paymentId: 'debtor_payments',
};

/** Which table a path's `{id}` (or a create's body `id`) names: the longest prefix wins. */
const RECORDS: [prefix: string, table: Table][] = [
  // the signed-in user's own sessions (Edit Profile): another business's is not found
  ['/api/auth/sessions', 'sessions'],
  ['/api/users', 'users'],
  ['/api/devices', 'devices'],
  ['/api/locations', 'locations'],
  ['/api/products', 'products'],
  ['/api/suppliers', 'suppliers'],
  ['/api/stock/', 'stock_documents'],
  ['/api/stock-counts', 'stock_counts'],
  ['/api/stock-counts/{id}/entries', 'stock_count_entries'],
  ['/api/sales', 'sales'],
  ['/api/sales/{id}/reversals', 'sale_reversals'],
  ['/api/reversals', 'sale_reversals'],
  ['/api/debtors', 'debtors'],
  ['/api/debtors/{id}/payments', 'debtor_payments'],
  // a pay-out of a debtor's credit is a row of debtor_payments too (debtors/payouts.ts)
  ['/api/debtors/{id}/payouts', 'debtor_payments'],
  ['/api/debtor-payments', 'debtor_payments'],
  ['/api/payment-providers', 'payment_providers'],
  ['/api/transfers', 'transfers'],
  ['/api/expense-categories', 'expense_categories'],
  ['/api/expenses', 'expenses'],
  ['/api/daily-sales', 'day_closes'],
  ['/api/sync/servers', 'sync_servers'],
  ['/api/sync/quarantine', 'sync_quarantine'],
  ['/api/work-drafts', 'work_drafts'],
  // A record's replaced values: walked with a product (doc_type below).
  ['/api/history', 'products'],
];

/** Path parameters that are not ids of a table. */
const OTHER_PATH_PARAMS: Record<string, (x: Tenant) => string> = {
  name: (x) => x.names[0]!,
  receipt_no: (x) => x.receiptNos.at(-1)!,
  doc_type: () => 'product',
};

function tableOf(key: string, prefix: string): Table | undefined {
  return key === 'id' ? recordTable(prefix) : ID_PARAMS[key.replace(/_ids$/, '_id')];
}

function recordTable(prefix: string): Table | undefined {
  const hit = RECORDS.filter(([p]) => prefix.startsWith(p)).sort((x, y) => y[0].length - x[0].length)[0];
  return hit?.[1];
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Call {
  label: string;
  method: string;
  /** B's id in the path or the body: only a refusal will do. */
  foreignWrite: boolean;
  url: string;
  ownUrl: string;
  /**
   * One body per combination of enum values, with B's id and with A's own (the control, which must
   * pass validation), leaving out the optional properties named by `drop`.
   */
  variants: { body: (drop: Path[]) => unknown; ownBody: (drop: Path[]) => unknown }[];
  /**
   * What the control must show before B's id is sent: `passes` (2xx or 409) for a body id,
   * `valid` (not 422) for a path id with a body; none when the call has nothing to vary.
   */
  control?: 'passes' | 'valid';
  /** Optional properties the control may leave out when the server names them as not belonging. */
  droppable: Path[];
}

/**
 * A revoked shop server and a quarantined document, so the sync screens' routes have ids of each
 * business to try (revoked, so the business stays writable on the hosted server).
 */
async function syncRows(t: TestApp, x: Tenant): Promise<void> {
  const at = new Date().toISOString();
  const serverId = v7();
  const quarantineId = v7();
  await t.db.kysely
    .insertInto('sync_servers')
    .values({
      id: serverId,
      business_id: x.businessId,
      name: `${x.tag} PC`,
      credential_hash: `hash-${serverId}`,
      credential_prefix: 'dks1_abcd',
      state: 'revoked',
      linked_at: at,
      revoked_at: at,
    })
    .execute();
  await t.db.kysely
    .insertInto('sync_quarantine')
    .values({
      id: quarantineId,
      business_id: x.businessId,
      server_id: serverId,
      doc_type: 'sale',
      doc_id: v7(),
      reason: 'content_differs',
      label: `${x.tag} receipt`,
      incoming: '{}',
      incoming_hash: 'x',
      first_seen_at: at,
      last_seen_at: at,
    })
    .execute();
  x.ids.sync_servers = [serverId];
  x.ids.sync_quarantine = [quarantineId];
}

describe('tenancy route walk: every route, with another business’s ids', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let bIds: Set<string>;
  const cookies: Record<string, string> = {};
  const unfillable = new Set<string>();

  beforeAll(async () => {
    t = await buildTestApp({ mode: 'hosted' });
    a = await buildTenant(t, 'Alpha');
    b = await buildTenant(t, 'Zebra');
    // B's receipt numbers are far beyond A's, so B's number names only B's sale.
    await t.db.kysely
      .updateTable('receipt_counters')
      .set((eb) => ({ last_no: eb('last_no', '+', 1_000_000) }))
      .where('business_id', '=', b.businessId)
      .execute();
    for (let i = 0; i < 2; i += 1) {
      const more = await sold(t.app, b.admin, {
        kind: 'cash',
        location_id: b.main.id,
        lines: [{ product_id: b.ids.products![0]!, quantity: 1000 }],
        tendered: 50_000,
      });
      b.receiptNos.push(String(more.receipt_no));
    }
    for (const x of [a, b]) await syncRows(t, x);
    bIds = new Set([b.businessId, ...Object.values(b.ids).flat()]);
    cookies.admin = a.admin;
    cookies.staffAll = a.staffAll;
    cookies.staffNone = a.staffNone;
  }, 120_000);
  afterAll(() => t.close());

  /** Every row of B in every table (rows without `business_id` when they name one of B's ids). */
  async function snapshotB(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of await t.db.kysely.introspection.getTables()) {
      if (out[table.name]) continue;
      const rows = (await t.db.kysely
        .selectFrom(table.name as Table)
        .selectAll()
        .execute()) as Record<string, unknown>[];
      out[table.name] = rows
        .filter((r) =>
          'business_id' in r
            ? r.business_id === b.businessId
            : table.name === 'businesses'
              ? r.id === b.businessId
              : Object.values(r).some((v) => typeof v === 'string' && bIds.has(v)),
        )
        .map((r) => JSON.stringify(r))
        .sort();
    }
    return out;
  }

  function idOf(x: Tenant, key: string, prefix: string, label: string, nth = 0): string {
    const table = tableOf(key, prefix);
    const rows = table ? (x.ids[table] ?? []) : [];
    const id = rows[nth % Math.max(rows.length, 1)];
    if (!id) {
      unfillable.add(`${label}: ${key}`);
      return v7();
    }
    return id;
  }

  function pathValue(x: Tenant, name: string, url: string, label: string): string {
    const other = OTHER_PATH_PARAMS[name];
    if (other) return other(x);
    return idOf(x, name, url.slice(0, url.indexOf(`{${name}}`) - 1), label);
  }

  /**
   * The calls of one route: B's record in the path; B's id in each body property and each query
   * parameter named like an id. Body calls come with their variants (each enum value, optional ids
   * left out) and the control of each: the same request with A's own id.
   */
  function callsOf(method: string, openapiPath: string, op: Operation): Call[] {
    const label = `${method} ${openapiPath}`;
    const params = op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
    const queryParams = params.filter((p) => p.in === 'query' && (p.required || isIdKey(p.name)));
    const url = (x: Tenant, query: Record<string, string>) => {
      let u = openapiPath;
      for (const p of pathParams)
        u = u.replace(`{${p}}`, encodeURIComponent(pathValue(x, p, openapiPath, label)));
      const qs = new URLSearchParams(query).toString();
      return qs ? `${u}?${qs}` : u;
    };
    const ownQuery: Record<string, string> = {};
    for (const p of queryParams)
      ownQuery[p.name] = isIdKey(p.name)
        ? idOf(a, p.name, openapiPath, label)
        : String(sample(p.schema, { ids: [], enums: [], extras: [] }));
    const schema = op.requestBody?.content['application/json']?.schema;
    const spots: SampleSpots = { ids: [], enums: [], extras: [] };
    const template = schema ? sample(schema, spots) : undefined;
    /** The body with every id filled: `foreign` from B, the rest from A (a new record's own id new). */
    const body = (foreign: Path | null, choice: unknown[] = [], drop: Path[] = []) => {
      if (template === undefined) return undefined;
      const copy = structuredClone(template);
      spots.enums.forEach((e, i) => setAt(copy, e.path, choice[i] ?? e.options[0]));
      const used = new Map<string, number>();
      for (const { path } of spots.ids) {
        const key = String(path.findLast((k) => typeof k === 'string'));
        const fromB = path === foreign;
        // Two ids of one table in a body (from and to location) name two different rows.
        const nth = used.get(tableOf(key, openapiPath) ?? key) ?? 0;
        used.set(tableOf(key, openapiPath) ?? key, nth + 1);
        setAt(
          copy,
          path,
          path.length === 1 && key === 'id' && !fromB
            ? v7()
            : idOf(fromB ? b : a, key, openapiPath, label, fromB ? 0 : nth),
        );
      }
      for (const d of drop) deleteAt(copy, d);
      return copy;
    };
    const calls: Call[] = [];
    const ownUrl = url(a, ownQuery);
    const plain = [{ body: () => body(null), ownBody: () => body(null) }];
    const optional = [...spots.ids.filter((x) => x.optional).map((x) => x.path), ...spots.extras];
    if (pathParams.length)
      calls.push({
        label: `${label} (B's record)`,
        method,
        foreignWrite: true,
        url: url(b, ownQuery),
        ownUrl,
        ...(template === undefined
          ? { variants: plain, droppable: [] }
          : {
              control: 'valid' as const,
              variants: enumChoices(spots.enums).map((choice) => ({
                body: (drop: Path[]) => body(null, choice, drop),
                ownBody: (drop: Path[]) => body(null, choice, drop),
              })),
              droppable: optional,
            }),
      });
    for (const { path } of spots.ids) {
      calls.push({
        label: `${label} (B's ${path.join('.')})`,
        method,
        foreignWrite: true,
        url: ownUrl,
        ownUrl,
        control: 'passes',
        variants: enumChoices(spots.enums).map((choice) => ({
          body: (drop: Path[]) => body(path, choice, drop),
          ownBody: (drop: Path[]) => body(null, choice, drop),
        })),
        droppable: [
          ...spots.ids.filter((x) => x.optional && x.path !== path).map((x) => x.path),
          ...spots.extras,
        ],
      });
    }
    for (const q of queryParams.filter((x) => isIdKey(x.name)))
      calls.push({
        label: `${label} (B's ?${q.name})`,
        method,
        foreignWrite: openapiPath.startsWith('/api/reports/'),
        url: url(a, { ...ownQuery, [q.name]: idOf(b, q.name, openapiPath, label) }),
        ownUrl,
        variants: plain,
        droppable: [],
      });
    if (!calls.length)
      calls.push({ label, method, foreignWrite: false, url: ownUrl, ownUrl, variants: plain, droppable: [] });
    return calls;
  }

  async function send(
    role: string,
    method: string,
    url: string,
    body: unknown,
  ): Promise<LightMyRequestResponse> {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { cookie: cookies[role]!, 'x-device-id': 'Alpha-TILL' },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    // A route may end the caller's session (sign-out): sign in again for the next call.
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookies[role]! } });
    if (me.statusCode === 401) {
      const login = a.logins[role as keyof Tenant['logins']];
      cookies[role] = (
        await signIn(t.app, login, role === 'admin' ? ADMIN_PASSWORD : STAFF_PASSWORD, 'Alpha-TILL')
      ).cookie;
    }
    return res;
  }

  it('refuses B’s ids on every route, for every caller, leaks none of B’s data, and leaves B as it was', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    // The server-to-server sync routes take a credential, not a session: a credential's scope
    // (one business, one server) is proven by modules/sync/sync-credentials.test.ts.
    const routes = t.app.registeredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/api/sync/v1/'),
    );
    expect(routes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    const before = await snapshotB();
    let sent = 0;
    for (const route of routes) {
      const openapiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[openapiPath]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${route.method} ${route.url}: not in the OpenAPI document`);
        continue;
      }
      const calls = callsOf(route.method, openapiPath, op);
      // Which variant of each call passes validation with A's own ids, tried as the admin: the
      // refusal of B's id then comes from the lookup, not from a body nobody could send.
      const chosen = new Map<Call, unknown>();
      for (const call of calls) {
        if (!call.control) {
          chosen.set(call, call.variants[0]!.body([]));
          continue;
        }
        let last = '';
        for (const v of call.variants) {
          const drop: Path[] = [];
          for (let step = 0; step <= call.droppable.length && !chosen.has(call); step += 1) {
            const control = await send('admin', call.method, call.ownUrl, v.ownBody(drop));
            const ok =
              call.control === 'valid'
                ? control.statusCode !== 422
                : control.statusCode < 300 || control.statusCode === 409;
            if (ok) chosen.set(call, v.body(drop));
            const field = control.json<{ error?: { field?: string } }>().error?.field;
            const next = call.droppable.find(
              (p) => !drop.includes(p) && (p.join('.') === field || p.at(-1) === field),
            );
            last = `${JSON.stringify(v.ownBody(drop))} → ${control.body}`;
            if (!next) break;
            drop.push(next);
          }
          if (chosen.has(call)) break;
        }
        if (!chosen.has(call))
          problems.push(`${call.label}: no sample passes validation with A's own ids (last: ${last})`);
      }
      for (const role of ['admin', 'staffAll', 'staffNone']) {
        for (const call of calls) {
          if (!chosen.has(call)) continue;
          const x = { url: call.url, body: chosen.get(call) };
          sent += 1;
          const res = await send(role, call.method, x.url, x.body);
          const where = `${role} ${call.label} → ${res.statusCode}`;
          if (res.statusCode >= 500) problems.push(`${where}: server error ${res.body}`);
          else if (call.foreignWrite && ![403, 404, 409, 422].includes(res.statusCode))
            problems.push(`${where}: B's id was not refused`);
          const text = res.rawPayload.toString('latin1');
          if (text.toLowerCase().includes(b.tag.toLowerCase()))
            problems.push(`${where}: B's name in the answer`);
          const asked = `${x.url} ${JSON.stringify(x.body ?? '')}`;
          const leaked = [...bIds].filter((id) => text.includes(id) && !asked.includes(id));
          if (leaked.length) problems.push(`${where}: B's ids in the answer (${leaked.join(', ')})`);
        }
      }
      const after = await snapshotB();
      for (const [table, rows] of Object.entries(before)) {
        if (JSON.stringify(after[table]) !== JSON.stringify(rows))
          problems.push(`${route.method} ${route.url}: changed B's ${table}`);
      }
      Object.assign(before, after);
    }
    // An id parameter the maps above cannot fill is a failure: add a line for it there.
    expect({ unfillable: [...unfillable], problems }).toEqual({ unfillable: [], problems: [] });
    expect(sent).toBeGreaterThan(300);
  }, 300_000);
});
