import sharp from 'sharp';
import type { Expense, ExpenseCategory } from '@duka/domain';
import { businessDay } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, buildShop, staffWith } from '../../test/sales-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('expense slip photos follow the expenses rights', () => {
  let t: TestApp;
  let s: Shop;
  let bookkeeper: string;
  let cashier: string;
  let category: ExpenseCategory;
  let timezone: string;

  const upload = async (cookie: string) => {
    const boundary = '----slip';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ name: string }>().name;
  };
  const fetchAs = (cookie: string, name: string) =>
    t.app.inject({ url: `/api/files/${name}`, headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    bookkeeper = (await staffWith(t.app, s.admin, ['adding_expenses'], { location_ids: [s.shop.id] })).cookie;
    cashier = (await staffWith(t.app, s.admin, ['sell_cash'], { location_ids: [s.shop.id] })).cookie;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/expense-categories',
      headers: { cookie: s.admin },
      payload: { name: 'Rent' },
    });
    expect(res.statusCode, res.body).toBe(201);
    category = res.json<ExpenseCategory>();
    const profile = await t.app.inject({ url: '/api/business/profile', headers: { cookie: s.admin } });
    timezone = profile.json<{ timezone: string }>().timezone;
  });
  afterAll(() => t.close());

  it('a slip is served to the admin and to users who may see expenses, and is a 404 to the others', async () => {
    const slip = await upload(bookkeeper);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { cookie: bookkeeper },
      payload: {
        id: v7(),
        date: businessDay(t.clock.now(), timezone),
        category_id: category.id,
        amount: 1_000,
        method: 'cash',
        location_id: s.shop.id,
        image: slip,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Expense>().image).toBe(slip);

    for (const who of [s.admin, bookkeeper]) {
      const ok = await fetchAs(who, slip);
      expect(ok.statusCode).toBe(200);
      // kept as written again from its pixels (files.service.ts cleanImage): the same image
      expect((await sharp(ok.rawPayload).raw().toBuffer()).equals(await sharp(PNG).raw().toBuffer())).toBe(
        true,
      );
    }
    const refused = await fetchAs(cashier, slip);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    // The same answer as for a name that does not exist: nothing tells a slip is there.
    const missing = await fetchAs(cashier, `${v7()}.png`);
    expect(refused.json()).toEqual(missing.json());
  });

  it('other images of the business (a product photo, an upload not yet used) stay visible to everyone', async () => {
    const photo = await upload(s.admin);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${s.sugar.id}`,
      headers: { cookie: s.admin },
      payload: { image: photo },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await fetchAs(cashier, photo)).statusCode).toBe(200);
    const loose = await upload(cashier);
    expect((await fetchAs(cashier, loose)).statusCode).toBe(200);
  });

  it("the slip's picture sent again by who sent it is a file of its own, not the slip: seen by everyone", async () => {
    const [slip] = await t.db.kysely
      .selectFrom('expenses')
      .select('image')
      .where('image', 'is not', null)
      .execute();
    const again = await upload(bookkeeper);
    expect(again).not.toBe(slip!.image);
    expect((await fetchAs(cashier, again)).statusCode).toBe(200);
    // and sent once more, that new file (not a slip) is the one answered
    expect(await upload(bookkeeper)).toBe(again);
  });

  it('a product photo sent again by its user and then kept as a slip stays visible to everyone (one file, two uses)', async () => {
    const photo = await upload(s.admin);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${s.bread.id}`,
      headers: { cookie: s.admin },
      payload: { image: photo },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const again = await upload(s.admin);
    expect(again).toBe(photo);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/expenses',
      headers: { cookie: s.admin },
      payload: {
        id: v7(),
        date: businessDay(t.clock.now(), timezone),
        category_id: category.id,
        amount: 500,
        method: 'cash',
        location_id: s.shop.id,
        image: again,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await fetchAs(cashier, photo)).statusCode).toBe(200);
  });

  // The hostile-request audit: a cashier chose a slip as their own picture, and the slip, now "a
  // picture", was served to everyone. A picture everyone sees is one its setter may see.
  it('a slip cannot be made a picture everyone sees by someone who may not see it', async () => {
    const [held] = await t.db.kysely
      .selectFrom('expenses')
      .select('image')
      .where('image', 'is not', null)
      .execute();
    const slip = held!.image!;
    expect((await fetchAs(cashier, slip)).statusCode).toBe(404);
    const clerk = (await staffWith(t.app, s.admin, ['manage_stock'], { location_ids: [s.shop.id] })).cookie;
    const tries = [
      { cookie: cashier, method: 'PUT' as const, url: '/api/me/image', payload: { img: slip } },
      {
        cookie: clerk,
        method: 'PATCH' as const,
        url: `/api/products/${s.sugar.id}`,
        payload: { image: slip },
      },
    ];
    for (const { cookie, ...req } of tries) {
      const refused = await t.app.inject({ ...req, headers: { cookie } });
      expect(refused.statusCode, refused.body).toBe(422);
      // the answer a name never uploaded gets: nothing tells a slip is there
      const unknown = await t.app.inject({
        ...req,
        headers: { cookie },
        payload: Object.fromEntries(Object.keys(req.payload).map((k) => [k, `${v7()}.png`])),
      });
      expect(refused.json()).toEqual(unknown.json());
    }
    expect((await fetchAs(cashier, slip)).statusCode).toBe(404);
    // who may see it may use it (the admin's logo)
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/business/logo',
      headers: { cookie: s.admin },
      payload: { img: slip },
    });
    expect(logo.statusCode, logo.body).toBe(200);
  });
});
