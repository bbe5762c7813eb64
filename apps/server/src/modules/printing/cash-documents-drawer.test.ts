import type { Debtor, Location, Provider } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpBusiness } from '../setup/setup.service.js';
import { printedText } from '../../test/escpos-text.js';
import { ADMIN_PASSWORD, signIn } from '../../test/factories.js';
import { startFakePrinter } from '../../test/fake-printer.js';
import { type Shop, buildShop, paid, reversed, sold, staffWith, stock } from '../../test/sales-factories.js';
import { buildProduct, buildSupplier } from '../../test/stock-factories.js';
import { type TestApp, buildTestApp } from '../../test/test-app.js';

/** ESC p: the cash drawer's pulse. */
const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);
const pulses = (bytes: Buffer) => bytes.includes(DRAWER_KICK);

/** The business of a shop. */
async function businessOf(t: TestApp, s: Shop): Promise<string> {
  const row = await t.db.kysely
    .selectFrom('locations')
    .select('business_id')
    .where('id', '=', s.shop.id)
    .executeTakeFirstOrThrow();
  return row.business_id;
}

/**
 * A second business on the same (local) server, made as the CLI makes one, with what the receipts
 * below need: sugar in stock, a transfer provider and a debtor.
 */
async function secondShop(t: TestApp): Promise<Shop> {
  const input = { business_name: 'Other Duka', username: 'other-owner', password: ADMIN_PASSWORD };
  await setUpBusiness(
    t.db,
    t.clock,
    { currency: 'KES', timezone: 'Africa/Nairobi', language: 'en', ...input },
    {
      onlyIfNone: false,
    },
  );
  const admin = (await signIn(t.app, input.username, ADMIN_PASSWORD)).cookie;
  const get = async <T>(url: string) => (await t.app.inject({ url, headers: { cookie: admin } })).json<T>();
  const post = async <T>(url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload })).json<T>();
  const shop = (await get<Location[]>('/api/locations'))[0]!;
  const supplier = await buildSupplier(t.app, admin);
  const sugar = await buildProduct(t.app, admin, { name: 'Sugar 1 kg', code: 'OSUG', price: 18_000 });
  await stock(t.app, admin, supplier.id, shop.id, [{ product: sugar, quantity: 100_000, unit_cost: 15_000 }]);
  const mpesa =
    (await get<Provider[]>('/api/payment-providers')).find((p) => p.name === 'M-Pesa') ??
    (await post<Provider>('/api/payment-providers', { name: 'M-Pesa', kind: 'mobile_money' }));
  const debtor = await post<Debtor>('/api/debtors', {
    name: 'Amina',
    phone: '0722000222',
    credit_limit: 100_000,
  });
  return { admin, shop, supplier: supplier.id, sugar, bread: sugar, milk: sugar, mpesa, debtor };
}

/** The calls a till makes to print a receipt: for one business's admin. */
function tillOf(t: TestApp, s: Shop) {
  const cookie = s.admin;
  const escpos = async (receiptNo: string) => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?width=80`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: string }>().data;
  };
  return {
    escpos,
    pulsed: async (receiptNo: string) => pulses(Buffer.from(await escpos(receiptNo), 'base64')),
    networkPrint: (receiptNo: string) =>
      t.app.inject({ method: 'POST', url: `/api/receipts/${receiptNo}/print`, headers: { cookie } }),
    /** Signs the print of these bytes for the printer helper, as the qz-tray client asks. */
    sign: (receiptNo: string, data: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/print/sign',
        headers: { cookie },
        payload: {
          request: JSON.stringify({
            call: 'print',
            params: {
              printer: { name: 'Counter' },
              options: { jobName: `Receipt #${receiptNo}`, copies: 1 },
              data: [{ type: 'raw', format: 'command', flavor: 'base64', data }],
            },
            timestamp: t.clock.now().getTime(),
          }),
        },
      }),
    drawerReturn: (receiptNo: string) =>
      t.app.inject({ method: 'POST', url: `/api/receipts/${receiptNo}/drawer-return`, headers: { cookie } }),
    setPrinter: async (port: number) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/business/profile',
        headers: { cookie },
        payload: { printer_host: '127.0.0.1', printer_port: port, receipt_width: 80 },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

/** The receipts of a shop's money moving each way: refunds of each kind, payments of each method. */
function documentsOf(t: TestApp, s: Shop) {
  const line = { product_id: s.sugar.id, quantity: 1000 };
  const sale = (kind: 'cash' | 'debtor' | 'transfer') =>
    sold(t.app, s.admin, {
      kind,
      location_id: s.shop.id,
      lines: [line],
      ...(kind === 'cash' ? { tendered: 20_000 } : {}),
      ...(kind === 'debtor' ? { debtor_id: s.debtor.id } : {}),
      ...(kind === 'transfer' ? { provider_id: s.mpesa.id, reference: `SALE-${v7()}` } : {}),
    });
  let closes = 0; // one close a day: each of a past day of its own
  return {
    refund: async (kind: 'cash' | 'debtor' | 'transfer') =>
      reversed(t.app, s.admin, (await sale(kind)).id, {
        lines: [{ line_no: 1, quantity: 1000 }],
        ...(kind === 'transfer' ? { reference: `REFUND-${v7()}` } : {}),
      }),
    payment: async (method: 'cash' | 'transfer') => {
      // the debtor owes, and pays it all back (well under their credit limit)
      const owed = await sale('debtor');
      return paid(t.app, s.admin, s.debtor.id, {
        amount: owed.total,
        method,
        location_id: s.shop.id,
        ...(method === 'transfer' ? { provider_id: s.mpesa.id, reference: `PAY-${v7()}` } : {}),
      });
    },
    close: async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/daily-sales/close',
        headers: { cookie: s.admin },
        payload: { id: v7(), location_id: s.shop.id, day: `2025-01-${10 + closes++}`, counted_cash: 0 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ receipt_no: string }>();
    },
  };
}

describe("a cash refund's and a cash debt payment's first print open the cash drawer", () => {
  let t: TestApp;
  let s: Shop;
  let till: ReturnType<typeof tillOf>;
  let docs: ReturnType<typeof documentsOf>;

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
    till = tillOf(t, s);
    docs = documentsOf(t, s);
  });
  afterAll(() => t.close());

  it('network prints: the first of a cash refund or cash payment pulses, a reprint never; other refunds, a transfer payment and a day close never', async () => {
    const opening = [(await docs.refund('cash')).receipt_no, (await docs.payment('cash')).receipt_no];
    const never = [
      (await docs.refund('debtor')).receipt_no,
      (await docs.refund('transfer')).receipt_no,
      (await docs.payment('transfer')).receipt_no,
      (await docs.close()).receipt_no,
    ];
    for (const receiptNo of opening) expect(await till.pulsed(receiptNo), receiptNo).toBe(true);
    for (const receiptNo of never) expect(await till.pulsed(receiptNo), receiptNo).toBe(false);
    const printer = await startFakePrinter();
    try {
      await till.setPrinter(printer.port);
      for (const receiptNo of [...opening, ...never]) {
        const before = printer.jobs.length;
        for (let i = 0; i < 2; i++) {
          const res = await till.networkPrint(receiptNo);
          expect(res.statusCode, res.body).toBe(200);
        }
        await expect.poll(() => printer.jobs.length).toBe(before + 2);
        const [first, reprint] = printer.jobs.slice(before) as [Buffer, Buffer];
        expect(pulses(first), receiptNo).toBe(opening.includes(receiptNo));
        expect(pulses(reprint), receiptNo).toBe(false);
        expect(printedText(reprint)).toMatch(/COPY/);
        // the bytes handed out for the helper now have no pulse either
        expect(await till.pulsed(receiptNo), receiptNo).toBe(false);
      }
    } finally {
      await printer.close();
    }
  });

  it("the printer helper: a cash refund's or payment's pulsed bytes are signed once; then only the reprint's", async () => {
    for (const doc of [await docs.refund('cash'), await docs.payment('cash')]) {
      const first = await till.escpos(doc.receipt_no);
      expect(pulses(Buffer.from(first, 'base64'))).toBe(true);
      expect((await till.sign(doc.receipt_no, first)).statusCode).toBe(200);
      const reprint = await till.escpos(doc.receipt_no);
      expect(pulses(Buffer.from(reprint, 'base64'))).toBe(false);
      const again = await till.sign(doc.receipt_no, first);
      expect(again.statusCode).toBe(403);
      expect(again.json().error.message).toMatch(/already opened the cash drawer/);
      expect((await till.sign(doc.receipt_no, reprint)).statusCode).toBe(200);
    }
    const rows = await t.db.kysely
      .selectFrom('drawer_openings')
      .select(['reason', 'sale_id', 'receipt_no'])
      .where('business_id', '=', await businessOf(t, s))
      .where('receipt_no', 'is not', null)
      .execute();
    // one opening per cash receipt: the two of the network test and these two
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.reason === 'first_print' && r.sale_id === null)).toBe(true);
  });

  it('two first prints at once open the drawer once (network and helper)', async () => {
    const refund = await docs.refund('cash');
    const printer = await startFakePrinter();
    try {
      await till.setPrinter(printer.port);
      const both = await Promise.all([
        till.networkPrint(refund.receipt_no),
        till.networkPrint(refund.receipt_no),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      await expect.poll(() => printer.jobs.length).toBe(2);
      expect(printer.jobs.filter(pulses)).toHaveLength(1);
    } finally {
      await printer.close();
    }
    const payment = await docs.payment('cash');
    const data = await till.escpos(payment.receipt_no);
    const signed = await Promise.all([
      till.sign(payment.receipt_no, data),
      till.sign(payment.receipt_no, data),
    ]);
    expect(signed.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await till.pulsed(payment.receipt_no)).toBe(false);
  });

  it('a network print that reached no printer gives the opening back: the next print pulses', async () => {
    for (const doc of [await docs.refund('cash'), await docs.payment('cash')]) {
      const empty = await startFakePrinter({ paperOut: true });
      try {
        await till.setPrinter(empty.port);
        expect((await till.networkPrint(doc.receipt_no)).json().error.code).toBe('printer_out_of_paper');
      } finally {
        await empty.close();
      }
      expect(await till.pulsed(doc.receipt_no)).toBe(true);
      const ready = await startFakePrinter();
      try {
        await till.setPrinter(ready.port);
        expect((await till.networkPrint(doc.receipt_no)).statusCode).toBe(200);
        await expect.poll(() => ready.jobs.length).toBe(1);
        expect(pulses(ready.jobs[0]!)).toBe(true);
        expect(printedText(ready.jobs[0]!)).not.toMatch(/COPY/);
      } finally {
        await ready.close();
      }
    }
  });

  it("the helper's page gives a first print's opening back (drawer-return); a close or a transfer payment has none", async () => {
    for (const doc of [await docs.refund('cash'), await docs.payment('cash')]) {
      const first = await till.escpos(doc.receipt_no);
      expect((await till.sign(doc.receipt_no, first)).statusCode).toBe(200);
      expect(await till.pulsed(doc.receipt_no)).toBe(false);
      expect((await till.drawerReturn(doc.receipt_no)).json()).toEqual({ returned: true });
      // the same bytes as the first time: the pulse, no "COPY"; signed again, and claimed again
      expect(await till.escpos(doc.receipt_no)).toBe(first);
      expect((await till.sign(doc.receipt_no, first)).statusCode).toBe(200);
      expect(await till.pulsed(doc.receipt_no)).toBe(false);
      // kept as a record, not deleted
      const returned = await t.db.kysely
        .selectFrom('drawer_openings')
        .select(['receipt_no'])
        .where('business_id', '=', await businessOf(t, s))
        .where('reason', '=', 'first_print_returned')
        .execute();
      expect(returned.length).toBeGreaterThan(0);
      expect(returned.every((r) => r.receipt_no === null)).toBe(true);
    }
    for (const doc of [await docs.close(), await docs.payment('transfer')]) {
      expect((await till.sign(doc.receipt_no, await till.escpos(doc.receipt_no))).statusCode).toBe(200);
      expect((await till.drawerReturn(doc.receipt_no)).json()).toEqual({ returned: false });
    }
  });
});

describe('drawer openings of refunds and payments are kept by business', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it("another business's receipt of the same number neither claims nor gives back this one's opening", async () => {
    const a = await buildShop(t.app);
    const b = await secondShop(t);
    const [tillA, tillB] = [tillOf(t, a), tillOf(t, b)];
    const [docsA, docsB] = [documentsOf(t, a), documentsOf(t, b)];
    // each business numbers its own receipts: the same numbers, in the same order
    const refundA = await docsA.refund('cash');
    const refundB = await docsB.refund('cash');
    const paymentA = await docsA.payment('cash');
    const paymentB = await docsB.payment('cash');
    expect(refundB.receipt_no).toBe(refundA.receipt_no);
    expect(paymentB.receipt_no).toBe(paymentA.receipt_no);
    for (const receiptNo of [refundA.receipt_no, paymentA.receipt_no]) {
      // A claims its opening with the helper
      expect((await tillA.sign(receiptNo, await tillA.escpos(receiptNo))).statusCode).toBe(200);
      expect(await tillA.pulsed(receiptNo)).toBe(false);
      // B's receipt of that number still opens B's drawer, and B gives back nothing of A's
      expect(await tillB.pulsed(receiptNo)).toBe(true);
      expect((await tillB.drawerReturn(receiptNo)).json()).toEqual({ returned: false });
      expect(await tillA.pulsed(receiptNo)).toBe(false);
      const data = await tillB.escpos(receiptNo);
      expect((await tillB.sign(receiptNo, data)).statusCode).toBe(200);
      expect(await tillB.pulsed(receiptNo)).toBe(false);
      // each gives back its own
      expect((await tillB.drawerReturn(receiptNo)).json()).toEqual({ returned: true });
      expect(await tillA.pulsed(receiptNo)).toBe(false);
      expect((await tillA.drawerReturn(receiptNo)).json()).toEqual({ returned: true });
      expect(await tillA.pulsed(receiptNo)).toBe(true);
    }
  });
});

describe("who gets a cash refund's or a cash debt payment's first print with the drawer's pulse", () => {
  let t: TestApp;
  let s: Shop;

  beforeAll(async () => {
    t = await buildTestApp();
    s = await buildShop(t.app);
  });
  afterAll(() => t.close());

  const pulsedFor = async (cookie: string, receiptNo: string) => {
    const res = await t.app.inject({
      url: `/api/receipts/${receiptNo}/escpos?width=80`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return pulses(Buffer.from(res.json<{ data: string }>().data, 'base64'));
  };
  const cashSale = () =>
    sold(t.app, s.admin, {
      kind: 'cash',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      tendered: 20_000,
    });

  it('a refunder who may reverse cash sales but not sell for cash pays the refund out: its first print opens the drawer', async () => {
    const refunder = (await staffWith(t.app, s.admin, ['reversing_cash'])).cookie;
    const sale = await cashSale();
    // the sale's bytes do not open it for them: they do not take cash for sales
    expect(await pulsedFor(refunder, sale.receipt_no)).toBe(false);
    const refund = await reversed(t.app, refunder, sale.id, { lines: [{ line_no: 1, quantity: 1000 }] });
    expect(await pulsedFor(refunder, refund.receipt_no)).toBe(true);
    // a colleague's cash refund whose first print has not happened: theirs to pay out too
    const other = await reversed(t.app, s.admin, (await cashSale()).id, {
      lines: [{ line_no: 1, quantity: 1000 }],
    });
    expect(await pulsedFor(refunder, other.receipt_no)).toBe(true);
  });

  it("whoever records a debtor's cash payment takes the cash: its first print opens the drawer for them without sell_cash, not for a colleague without it; a give-back is theirs too", async () => {
    const creditClerk = (await staffWith(t.app, s.admin, ['sell_debtors'])).cookie;
    const owed = await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
      debtor_id: s.debtor.id,
    });
    const payment = await paid(t.app, creditClerk, s.debtor.id, {
      amount: owed.total - 1_000, // the rest is paid below
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(await pulsedFor(creditClerk, payment.receipt_no)).toBe(true);
    // their helper's print of those bytes is signed, and given back when nothing reached the printer
    const bytes = (
      await t.app.inject({
        url: `/api/receipts/${payment.receipt_no}/escpos?width=80`,
        headers: { cookie: creditClerk },
      })
    ).json<{ data: string }>().data;
    const signed = await tillOf(t, { ...s, admin: creditClerk }).sign(payment.receipt_no, bytes);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await pulsedFor(creditClerk, payment.receipt_no)).toBe(false);
    const back = await tillOf(t, { ...s, admin: creditClerk }).drawerReturn(payment.receipt_no);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ returned: true });
    expect(await pulsedFor(creditClerk, payment.receipt_no)).toBe(true);
    // a colleague who handles no cash and did not record it prints it without the pulse
    const stockTaker = (await staffWith(t.app, s.admin, ['stock_taking'])).cookie;
    const theirs = await paid(t.app, s.admin, s.debtor.id, {
      amount: 1_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    expect(await pulsedFor(stockTaker, theirs.receipt_no)).toBe(false);
    expect(await pulsedFor(creditClerk, theirs.receipt_no)).toBe(false);
    expect(await pulsedFor(s.admin, theirs.receipt_no)).toBe(true);
    // the manual "Open drawer" stays with those who sell for cash
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/print/drawer',
      headers: { cookie: creditClerk },
    });
    expect(manual.statusCode).toBe(403);
  });
});
