import { DRAWER_KICK, type DebtorPayment } from '@duka/domain';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGoldenPrints, goldenShop, printed } from '../../test/golden-receipts.js';
import { type Shop, debtorInCredit, paid, sold } from '../../test/sales-factories.js';
import { svgLines } from '../../test/svg-text.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * Golden receipts of a debtor's money (ADR 9): a payment, a credit paid out in cash and a payment
 * voided, at a fixed time with fixed receipt numbers, compared byte for byte (ESC/POS and SVG) with
 * the files in ./golden (test/golden-receipts.ts). A payment's receipt is the one printed before
 * pay-outs and voids had their own.
 */
describe('golden receipts of a debtor payment, a pay-out and a void', () => {
  let t: TestApp;
  let s: Shop;
  /** The receipt number of each. */
  const no = { payment: '', payout: '', void: '' };

  beforeAll(async () => {
    ({ t, s } = await goldenShop());
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: s.admin }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<DebtorPayment>();
    };
    // 5 kg of sugar on credit (#000001), paid in cash (#000002), brought back (#000003): 900.00 in credit
    const { debtor } = await debtorInCredit(t.app, s.admin, {
      name: 'Chebet Wanjiru',
      location_id: s.shop.id,
      product_id: s.sugar.id,
      quantity: 5000,
    });
    const out = await post(`/api/debtors/${debtor.id}/payouts`, {
      id: v7(),
      amount: 40_000,
      reason: 'Sugar brought back',
    });
    no.payout = out.receipt_no;
    // 1 kg on credit (#000005), a cash payment (#000006), voided (#000007)
    await sold(t.app, s.admin, {
      kind: 'debtor',
      location_id: s.shop.id,
      debtor_id: s.debtor.id,
      lines: [{ product_id: s.sugar.id, quantity: 1000 }],
    });
    const payment = await paid(t.app, s.admin, s.debtor.id, {
      amount: 18_000,
      method: 'cash',
      location_id: s.shop.id,
    });
    no.payment = payment.receipt_no;
    const voided = await post(`/api/debtors/${s.debtor.id}/payments/${payment.id}/void`, {
      id: v7(),
      reason: 'Recorded on the wrong customer',
    });
    no.void = voided.receipt_no;
  });
  afterAll(() => t.close());

  const receipt = (receiptNo: string, query: string) => printed(t, s.admin, receiptNo, query);

  /** Each layout: its name in the files' names and how the routes are asked for it. */
  const layouts = {
    '58': { what: '58 mm (32 characters)', query: 'width=58' },
    '80-42': { what: '80 mm at 42 characters', query: 'columns=42' },
  };
  const cases = [
    ['payment', 'en', '58'],
    ['payment', 'en', '80-42'],
    ['payout', 'en', '58'],
    ['payout', 'en', '80-42'],
    ['payout', 'es', '58'],
    ['void', 'en', '58'],
    ['void', 'en', '80-42'],
    ['void', 'es', '58'],
  ] as const;
  for (const [doc, lang, layout] of cases) {
    it(`${doc}, ${lang}, ${layouts[layout].what}: ESC/POS bytes and SVG as the golden files`, async () => {
      expect(no).toEqual({ payment: '000006', payout: '000004', void: '000007' });
      const query = `${layouts[layout].query}&lang=${lang}`;
      await expectGoldenPrints(t, s.admin, no[doc], query, `${doc}-${lang}-${layout}`);
    });
  }

  /** The head every receipt of the shop starts with, at 42 characters a line. */
  const head42 = [
    '             Mama Mboga Stores',
    '          Moi Avenue 12, Nairobi',
    '                0722000000',
    '            Tax no. P051234567X',
    '         Open every day 7am - 9pm',
    '-'.repeat(42),
  ];
  const svgOf = async (receiptNo: string, query: string) => svgLines((await receipt(receiptNo, query)).svg);

  it('a credit paid out: its title, the amount handed out, the reason, the balance in credit, no "Pay to", a signature', async () => {
    expect(await svgOf(no.payout, 'columns=42&lang=en')).toEqual([
      ...head42,
      '              Credit paid out',
      'Receipt #000004          14/03/2026, 12:26',
      'Location                         Main shop',
      'Served by                            owner',
      'Reason                  Sugar brought back',
      '-'.repeat(42),
      'Customer                    Chebet Wanjiru',
      'Cash',
      'Amount paid out                 KES 400.00',
      'New balance           In credit KES 500.00',
      '-'.repeat(42),
      '',
      'Customer signature ......................',
      '',
      '                  000004',
    ]);
    const pt = (await svgOf(no.payout, 'width=58&lang=pt')).join('\n');
    for (const words of ['Crédito devolvido', 'Valor devolvido', 'KES 400,00', 'Assinatura do cliente'])
      expect(pt).toContain(words);
    const de = (await svgOf(no.payout, 'width=80&lang=de')).join('\n');
    for (const words of ['Guthaben ausgezahlt', 'Ausgezahlter Betrag', 'Unterschrift Kunde'])
      expect(de).toContain(words);
    for (const text of [pt, de]) expect(text).not.toMatch(/Pagar a|Zahlbar an|paybill|-KES|-400/);
  });

  it('a payment voided: its title, the payment it voids, the reason, the amount voided, no "Pay to", no thanks', async () => {
    expect(await svgOf(no.void, 'columns=42&lang=en')).toEqual([
      ...head42,
      '              Payment voided',
      'Receipt #000007          14/03/2026, 12:26',
      'Location                         Main shop',
      'Served by                            owner',
      'Voids receipt #000006',
      'Reason      Recorded on the wrong customer',
      '-'.repeat(42),
      'Customer                       Juma Otieno',
      'Cash',
      'Amount voided                   KES 180.00',
      'New balance                     KES 180.00',
      '-'.repeat(42),
      '                  000007',
    ]);
    const pt = (await svgOf(no.void, 'width=58&lang=pt')).join('\n');
    for (const words of ['Pagamento anulado', 'Anula o recibo n.º 000006', 'Valor anulado'])
      expect(pt).toContain(words);
    const de = (await svgOf(no.void, 'width=80&lang=de')).join('\n');
    for (const words of ['Zahlung storniert', 'Storniert Beleg Nr. 000006', 'Stornierter Betrag'])
      expect(de).toContain(words);
  });

  it("a pay-out's first print opens the cash drawer, as a cash payment's; a void's never does (no cash moves)", async () => {
    const kick = Buffer.from(DRAWER_KICK);
    const bytes = async (receiptNo: string) => (await receipt(receiptNo, 'width=80')).escpos;
    expect((await bytes(no.payout)).includes(kick)).toBe(true);
    expect((await bytes(no.payment)).includes(kick)).toBe(true);
    expect((await bytes(no.void)).includes(kick)).toBe(false);
  });
});
