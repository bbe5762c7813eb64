import { ALL_FLAGS, type DailySummary, type Debtor } from '@duka/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedInBusiness } from './factories.js';
import { type Shop, buildShop, staffWith } from './sales-factories.js';
import type { TestApp } from './test-app.js';

/**
 * A shop for the tests of an admin's writes on a debtor's ledger (a payment voided, a credit paid
 * out): its admin, a cashier of the shop, a manager holding every staff flag (none of which
 * covers those writes), another business with a debtor of its own, and the reads those tests make.
 */
export interface DebtorDesk {
  s: Shop;
  /** Another business of the server: its admin, and a debtor of its own. */
  other: { admin: string; debtorId: string };
  cashier: { id: string; cookie: string };
  manager: string;
  get<T>(url: string, cookie?: string): Promise<T>;
  post(url: string, payload: object, cookie?: string): Promise<LightMyRequestResponse>;
  balance(d: { id: string }, cookie?: string): Promise<number>;
  /** The shop's business day now. */
  today(cookie?: string): Promise<string>;
  /** The shop's day page. */
  daily(day: string, cookie?: string): Promise<DailySummary>;
}

export async function debtorDesk(t: TestApp): Promise<DebtorDesk> {
  const s = await buildShop(t.app);
  const get = async <T>(url: string, cookie = s.admin) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const post = (url: string, payload: object, cookie = s.admin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const o = await signedInBusiness(t, 'Other Duka', 'other-owner');
  const theirs = await post('/api/debtors', { name: 'Their Debtor' }, o.cookie);
  const c = await staffWith(t.app, s.admin, ['sell_cash', 'sell_debtors', 'current_sales'], {
    name: 'Cate Cashier',
    username: 'cate',
    location_ids: [s.shop.id],
  });
  const manager = (
    await staffWith(t.app, s.admin, [...ALL_FLAGS], { username: 'manny', location_ids: [s.shop.id] })
  ).cookie;
  return {
    s,
    other: { admin: o.cookie, debtorId: theirs.json<Debtor>().id },
    cashier: { id: c.user.id, cookie: c.cookie },
    manager,
    get,
    post,
    balance: async (d, cookie = s.admin) => (await get<Debtor>(`/api/debtors/${d.id}`, cookie)).balance,
    today: async (cookie = s.admin) =>
      (await get<{ day: string }>(`/api/daily-sales/state?location_id=${s.shop.id}`, cookie)).day,
    daily: (day, cookie = s.admin) =>
      get<DailySummary>(`/api/daily-sales?location_id=${s.shop.id}&day=${day}`, cookie),
  };
}
