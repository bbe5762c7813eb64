import { describe, expect, it } from 'vitest';
import { MAX_SALE_QUANTITY, QTY_SCALE } from '@duka/domain';
import { testI18n } from '../../test/render';
import { type Cart, beyondStock, cartReducer, emptyCart, saleLines, totalsOf } from './cart';
import { product } from '../../test/products';

const bread = product({ id: 'p2', name: 'Bread', code: 'BRD', barcodes: [], price: 6500, tax_rate: 0 });

const run = (cart: Cart, ...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce(cartReducer, cart);

describe('till cart', () => {
  it('a scan adds a line of 1; scanning the same product again adds one more', () => {
    const c = run(
      emptyCart('s1', 'L1'),
      { type: 'add', product: product(), locationId: 'L1' },
      { type: 'add', product: bread, locationId: 'L1' },
      { type: 'add', product: product(), locationId: 'L1' },
    );
    expect(c.lines.map((l) => [l.name, l.qty])).toEqual([
      ['Sugar 1 kg', '2'],
      ['Bread', '1'],
    ]);
    expect(c.lines[0]!.on_hand).toBe(5000);
    expect(c.id).toBe('s1');
  });

  it('steps quantities by one, never below one unit, and keeps what is typed', () => {
    let c = run(emptyCart('s1'), { type: 'add', product: product() });
    c = run(c, { type: 'step', key: 'p1', delta: 1 }, { type: 'step', key: 'p1', delta: 1 });
    expect(c.lines[0]!.qty).toBe('3');
    c = run(c, { type: 'setQty', key: 'p1', text: '0.25' }, { type: 'step', key: 'p1', delta: -1 });
    expect(c.lines[0]!.qty).toBe('0.25');
    c = run(c, { type: 'setQty', key: 'p1', text: '1,5' });
    expect(saleLines(c)[0]!.quantity).toBe(1500);
    c = run(c, { type: 'remove', key: 'p1' });
    expect(c.lines).toEqual([]);
  });

  it('totals come from the domain: tax inside, line and sale discounts, no floats', () => {
    const c = run(
      emptyCart('s1'),
      { type: 'add', product: product() },
      { type: 'add', product: product() },
      { type: 'add', product: bread },
      { type: 'lineDiscount', key: 'p1', amount: 1000 },
      { type: 'saleDiscount', amount: 500 },
    );
    const t = totalsOf(c, null);
    expect(t.priced.gross).toBe(36000 + 6500);
    expect(t.priced.discount).toBe(1500);
    expect(t.priced.total).toBe(41000);
    expect(t.priced.tax).toBe(t.priced.lines[0]!.tax);
    expect(t.payable).toBe(true);
    expect(saleLines(c)).toEqual([
      { product_id: 'p1', quantity: 2000, discount: 1000 },
      { product_id: 'p2', quantity: 1000, discount: 0 },
    ]);
  });

  it('a line too large to record cannot be paid, and says which line', () => {
    const gold = product({ id: 'au', name: 'Gold', code: 'AU', barcodes: [], price: 1e12, tax_rate: 0 });
    const cart = run(
      emptyCart('s1'),
      { type: 'add', product: gold },
      { type: 'setQty', key: 'au', text: '11' },
    );
    const totals = totalsOf(cart, null);
    expect(totals.problems).toEqual([{ code: 'amount_too_large', field: 'lines.0.quantity' }]);
    expect(totals.payable).toBe(false);
    expect(totalsOf(run(cart, { type: 'setQty', key: 'au', text: '10' }), null).payable).toBe(true);
  });

  it('discounts within the business limit for staff; beyond it the cart cannot be paid', () => {
    const base = run(emptyCart('s1'), { type: 'add', product: product() }); // 180.00
    // 10 % limit: 18.00 fits, 18.01 does not
    expect(totalsOf(run(base, { type: 'lineDiscount', key: 'p1', amount: 1800 }), 1000).problems).toEqual([]);
    const over = totalsOf(run(base, { type: 'lineDiscount', key: 'p1', amount: 1801 }), 1000);
    expect(over.problems).toEqual([{ code: 'line_discount_over_limit', field: 'lines.0.discount' }]);
    expect(over.payable).toBe(false);
    // the totals stay meaningful (without the discount) while it is fixed
    expect(over.priced.total).toBe(18000);
    expect(totalsOf(run(base, { type: 'saleDiscount', amount: 1801 }), 1000).problems[0]!.code).toBe(
      'discount_over_limit',
    );
    // an admin has no limit, but never more than the amount
    expect(totalsOf(run(base, { type: 'saleDiscount', amount: 18000 }), null).payable).toBe(true);
    expect(totalsOf(run(base, { type: 'saleDiscount', amount: 18001 }), null).problems[0]!.code).toBe(
      'sale_discount_exceeds_amount',
    );
  });

  it('a quantity that is not a number blocks paying', () => {
    const c = run(
      emptyCart('s1'),
      { type: 'add', product: product() },
      { type: 'setQty', key: 'p1', text: '2..' },
    );
    const t = totalsOf(c, null);
    expect(t.badQty.get('p1')).toBe('till.errors.badQty');
    expect(t.payable).toBe(false);
    expect(totalsOf(emptyCart('s2'), null).payable).toBe(false);
  });

  it("a quantity above a sale line's most (a million) blocks paying, before the server refuses it", () => {
    const at = (text: string) =>
      totalsOf(
        run(emptyCart('s1'), { type: 'add', product: product() }, { type: 'setQty', key: 'p1', text }),
        null,
      );
    expect(at('1000000').payable).toBe(true);
    expect(at('1000000.001').badQty.get('p1')).toBe('till.errors.badQty');
    expect(at('2000000').payable).toBe(false);
  });

  it('warns when more is asked than was on hand', () => {
    const c = run(emptyCart('s1'), { type: 'add', product: product(), locationId: 'L1' });
    expect(beyondStock(c.lines[0]!)).toBe(false);
    expect(beyondStock(run(c, { type: 'setQty', key: 'p1', text: '6' }).lines[0]!)).toBe(true);
  });

  it('reprices from the catalogue, and a new sale keeps the location with a new id', () => {
    let c = run(emptyCart('s1', 'L1'), { type: 'add', product: product() });
    c = run(c, { type: 'reprice', products: [product({ price: 19000 })] });
    expect(totalsOf(c, null).priced.total).toBe(19000);
    c = run(c, { type: 'new', id: 's2' });
    expect(c).toEqual({ id: 's2', location_id: 'L1', lines: [], discount: 0, decimal: '.' });
  });
});

describe("a cart's quantities in the page's decimal sign (the QA: 1,125 kg in German sent as 1125 kg in English)", () => {
  const withLang = <T>(lang: string, fn: () => T): T => {
    const was = document.documentElement.lang;
    document.documentElement.lang = lang;
    try {
      return fn();
    } finally {
      document.documentElement.lang = was;
    }
  };

  it('are written again in the new sign, the same quantities', () => {
    const rice = product({ id: 'rice', price: 17_000 });
    const cart = withLang('de', () => {
      let c = cartReducer(emptyCart('c1', 'loc'), { type: 'add', product: rice });
      c = cartReducer(c, { type: 'setQty', key: c.lines[0]!.key, text: '1,125' });
      return c;
    });
    expect(cart.decimal).toBe(',');
    const after = cartReducer(cart, { type: 'retype', to: '.' });
    expect(after.decimal).toBe('.');
    expect(after.lines[0]!.qty).toBe('1.125');
    const before = withLang('de', () => totalsOf(cart, null).priced.total);
    expect(before).toBe(19_125);
    withLang('en', () => expect(totalsOf(after, null).priced.total).toBe(before));
    // the same sign again changes nothing
    expect(cartReducer(after, { type: 'retype', to: '.' })).toBe(after);
  });

  it('reads a cart kept before it named its sign as then (either sign a decimal sign)', () => {
    const rice = product({ id: 'rice', price: 17_000 });
    const kept: Cart = {
      ...cartReducer(emptyCart('c2', 'loc'), { type: 'add', product: rice }),
      decimal: undefined,
    };
    kept.lines[0]!.qty = '1,000';
    expect(cartReducer(kept, { type: 'retype', to: '.' }).lines[0]!.qty).toBe('1');
  });
});

describe("the till's words for a quantity refused", () => {
  it("name the most a sale's line takes, as each language writes it (the words carry the figure: no code for it in the till's start)", async () => {
    for (const lng of ['en', 'es', 'pt', 'de'] as const) {
      const i18n = await testI18n(lng);
      const most = new Intl.NumberFormat(lng).format(MAX_SALE_QUANTITY / QTY_SCALE);
      expect(i18n.t('till.errors.badQty'), lng).toContain(most);
    }
  });
});
