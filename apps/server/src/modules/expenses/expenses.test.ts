import sharp from 'sharp';
import {
  type Expense,
  type ExpenseCategory,
  type ExpenseList,
  type Location,
  addDays,
  businessDay,
} from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, countRows, staffWith } from '../../test/sales-factories.js';
import { buildLocation } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('expenses', () => {
  let t: TestApp;
  let s: Shop;
  let clerk: string;
  let store: Location;
  let rent: ExpenseCategory;
  let transport: ExpenseCategory;
  let today: string;
  const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie = clerk) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const get = async <T>(url: string, cookie = clerk) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const post = (body: object, cookie = clerk) =>
    send(
      'POST',
      '/api/expenses',
      {
        id: v7(),
        date: today,
        category_id: rent.id,
        amount: 1_000,
        method: 'cash',
        location_id: s.shop.id,
        ...body,
      },
      cookie,
    );
  const recorded = async (body: object, cookie = clerk) => {
    const res = await post(body, cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Expense>();
  };
  const voidIt = (expenseId: string, cookie = clerk) =>
    send('POST', `/api/expenses/${expenseId}/void`, { id: v7(), reason: 'Entered twice' }, cookie);

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    store = await buildLocation(t.app, s.admin, 'Store room');
    clerk = (
      await staffWith(t.app, s.admin, ['adding_expenses'], {
        name: 'Petty Cash Pat',
        username: 'pat',
        location_ids: [s.shop.id, store.id],
      })
    ).cookie;
    const profile = await get<{ timezone: string }>('/api/business/profile', s.admin);
    today = businessDay(t.clock.now(), profile.timezone);
  });
  afterAll(() => t.close());

  it('lets the admin keep the categories; staff who add expenses can list them', async () => {
    const refused = await send('POST', '/api/expense-categories', { name: 'Rent' });
    expect(refused.statusCode).toBe(403);
    const created = await send('POST', '/api/expense-categories', { name: 'Rent' }, s.admin);
    expect(created.statusCode).toBe(201);
    rent = created.json<ExpenseCategory>();
    transport = (
      await send('POST', '/api/expense-categories', { name: 'Transport' }, s.admin)
    ).json<ExpenseCategory>();
    const dup = await send('POST', '/api/expense-categories', { name: 'rent' }, s.admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.field).toBe('name');
    expect((await send('PATCH', `/api/expense-categories/${rent.id}`, { name: 'Rent!' })).statusCode).toBe(
      403,
    );
    expect((await get<ExpenseCategory[]>('/api/expense-categories')).map((c) => c.name)).toEqual([
      'Rent',
      'Transport',
    ]);
    const renamed = await send('PATCH', `/api/expense-categories/${transport.id}`, { name: 'Fuel' }, s.admin);
    expect(renamed.json<ExpenseCategory>()).toMatchObject({ name: 'Fuel', active: true });
    transport = renamed.json<ExpenseCategory>();
  });

  it('takes a name in another case or Unicode form as the same name, on both databases', async () => {
    const created = await send('POST', '/api/expense-categories', { name: 'Électricité' }, s.admin);
    expect(created.statusCode).toBe(201);
    for (const name of ['électricité', 'ÉLECTRICITÉ', 'E\u0301lectricite\u0301']) {
      const dup = await send('POST', '/api/expense-categories', { name }, s.admin);
      expect(dup.statusCode, name).toBe(409);
      expect(dup.json().error.field).toBe('name');
    }
    const own = created.json<ExpenseCategory>();
    const recased = await send(
      'PATCH',
      `/api/expense-categories/${own.id}`,
      { name: 'électricité' },
      s.admin,
    );
    expect(recased.statusCode).toBe(200);
    const clash = await send('PATCH', `/api/expense-categories/${own.id}`, { name: 'RENT' }, s.admin);
    expect(clash.statusCode).toBe(409);
  });

  it('records cash and transfer expenses; refuses a future date, an inactive category, a missing provider', async () => {
    const cash = await recorded({ amount: 2_500, note: 'Tea for the team' });
    expect(cash).toMatchObject({
      date: today,
      category_name: 'Rent',
      amount: 2_500,
      method: 'cash',
      location_name: 'Main shop',
      provider_name: null,
      note: 'Tea for the team',
      image: null,
      voids_id: null,
      voided_by_id: null,
      user_name: 'Petty Cash Pat',
    });
    const bank = await recorded({
      category_id: transport.id,
      amount: 7_000,
      method: 'transfer',
      provider_id: s.mpesa.id,
      reference: 'exp1',
    });
    expect(bank).toMatchObject({ method: 'transfer', provider_name: 'M-Pesa', reference: 'EXP1' });
    expect(await get<Expense>(`/api/expenses/${bank.id}`)).toEqual(bank);

    const closed = (
      await send('POST', '/api/expense-categories', { name: 'Old category' }, s.admin)
    ).json<ExpenseCategory>();
    await send('PATCH', `/api/expense-categories/${closed.id}`, { active: false }, s.admin);
    const before = await countRows(t.db, 'expenses');
    const cases: [object, string][] = [
      [{ date: addDays(today, 1) }, 'date'],
      [{ date: '2024-02-30' }, 'date'],
      [{ category_id: closed.id }, 'category_id'],
      [{ category_id: v7() }, 'category_id'],
      [{ method: 'transfer' }, 'provider_id'],
      [{ method: 'cash', provider_id: s.mpesa.id }, 'method'],
      [{ amount: 0 }, 'amount'],
      [{ location_id: v7() }, 'location_id'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error.field, res.body).toBe(field);
    }
    expect(await countRows(t.db, 'expenses')).toBe(before);
    expect((await recorded({ date: addDays(today, -3) })).date).toBe(addDays(today, -3));
  });

  it('attaches a photo of the slip uploaded as an image, and only one of the business', async () => {
    const boundary = '----slip';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie: clerk, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const { name } = upload.json<{ name: string }>();
    const withSlip = await recorded({ image: name });
    expect(withSlip.image).toBe(name);
    const img = await t.app.inject({ url: `/api/files/${withSlip.image}`, headers: { cookie: clerk } });
    // kept as written again from its pixels (files.service.ts cleanImage): the same image
    expect((await sharp(img.rawPayload).raw().toBuffer()).equals(await sharp(PNG).raw().toBuffer())).toBe(
      true,
    );
    const before = await countRows(t.db, 'expenses');
    const foreign = await post({ image: `${v7()}.png` });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.field).toBe('image');
    expect(await countRows(t.db, 'expenses')).toBe(before);
  });

  it('voids with a new negative entry linked both ways, once; a void cannot be voided', async () => {
    const e = await recorded({ amount: 4_321, category_id: transport.id });
    const res = await voidIt(e.id);
    expect(res.statusCode).toBe(201);
    const v = res.json<Expense>();
    expect(v).toMatchObject({
      amount: -4_321,
      date: e.date,
      category_id: transport.id,
      method: 'cash',
      location_id: s.shop.id,
      voids_id: e.id,
      voided_by_id: null,
      note: 'Entered twice',
    });
    expect(v.id).not.toBe(e.id);
    expect(await get<Expense>(`/api/expenses/${e.id}`)).toEqual({ ...e, voided_by_id: v.id });
    const before = await countRows(t.db, 'expenses');
    const twice = await voidIt(e.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_voided');
    const ofVoid = await voidIt(v.id);
    expect(ofVoid.statusCode).toBe(422);
    expect(ofVoid.json().error.code).toBe('validation_failed');
    expect((await voidIt(v7())).statusCode).toBe(404);
    expect(await countRows(t.db, 'expenses')).toBe(before);
    const other = await recorded({ amount: 800 });
    const both = await Promise.all([1, 2].map(() => voidIt(other.id)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows(t.db, 'expenses')).toBe(before + 2);
  });

  it('lists with filters and totals net of voids, by method and category', async () => {
    const old = addDays(today, -10);
    const a = await recorded({ date: old, amount: 10_000, category_id: rent.id });
    await recorded({ date: old, amount: 3_000, category_id: transport.id, location_id: store.id });
    await recorded({
      date: old,
      amount: 5_000,
      category_id: transport.id,
      method: 'transfer',
      provider_id: s.mpesa.id,
    });
    const gone = await recorded({ date: old, amount: 900, category_id: rent.id });
    expect((await voidIt(gone.id)).statusCode).toBe(201);

    const day = await get<ExpenseList>(`/api/expenses?from=${old}&to=${old}`);
    expect(day.total_count).toBe(5);
    expect(day.total).toBe(18_000);
    expect(day.by_method).toEqual({ cash: 13_000, transfer: 5_000 });
    expect(day.by_category).toEqual([
      { category_id: transport.id, name: 'Fuel', total: 8_000 },
      { category_id: rent.id, name: 'Rent', total: 10_000 },
    ]);
    const rentOnly = await get<ExpenseList>(`/api/expenses?from=${old}&to=${old}&category_id=${rent.id}`);
    expect(rentOnly.items.map((i) => i.amount).sort((x, y) => x - y)).toEqual([-900, 900, 10_000]);
    expect(rentOnly.total).toBe(10_000);
    const atStore = await get<ExpenseList>(`/api/expenses?location_id=${store.id}`);
    expect(atStore.items.map((i) => i.amount)).toEqual([3_000]);
    const byTransfer = await get<ExpenseList>(`/api/expenses?from=${old}&to=${old}&method=transfer`);
    expect(byTransfer.by_method).toEqual({ cash: 0, transfer: 5_000 });
    const since = await get<ExpenseList>(`/api/expenses?from=${addDays(old, 1)}`);
    expect(since.items.every((i) => i.date > old)).toBe(true);
    expect(since.items.some((i) => i.id === a.id)).toBe(false);
    const everything = await get<ExpenseList>('/api/expenses?limit=500');
    expect(everything.total).toBe(everything.items.reduce((x, i) => x + i.amount, 0));
  });

  it('is idempotent by the expense’s id', async () => {
    const body = {
      id: v7(),
      date: today,
      category_id: rent.id,
      amount: 1_234,
      method: 'cash',
      location_id: s.shop.id,
    };
    const first = await send('POST', '/api/expenses', body);
    const before = await countRows(t.db, 'expenses');
    const again = await send('POST', '/api/expenses', body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t.db, 'expenses')).toBe(before);
    const other = await send('POST', '/api/expenses', { ...body, amount: 1_235 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    const voidBody = { id: v7(), reason: 'Wrong amount' };
    const v1 = await send('POST', `/api/expenses/${body.id}/void`, voidBody);
    const v2 = await send('POST', `/api/expenses/${body.id}/void`, voidBody);
    expect(v1.statusCode).toBe(201);
    expect(v2.json()).toEqual(v1.json());
  });
});
