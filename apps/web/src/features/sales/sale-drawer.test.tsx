import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Reversal, Sale, SaleLine } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { SaleDrawer } from './sale-drawer';

afterEach(() => {
  vi.unstubAllGlobals();
});

const line = (no: number, tax_rate: number, net: number, tax: number): SaleLine => ({
  line_no: no,
  product_id: `p${no}`,
  name: `Product ${no}`,
  code: `P${no}`,
  unit: 'each',
  quantity: 1000,
  unit_price: net,
  tax_rate,
  gross: net,
  discount: 0,
  sale_discount: 0,
  net,
  tax,
  reversed: 0,
});

const saleOf = (lines: SaleLine[]): Sale => {
  const total = lines.reduce((s, l) => s + l.net, 0);
  return {
    id: '0190b1a0-0000-7000-8000-0000000000c1',
    receipt_no: '000042',
    kind: 'cash',
    location_id: 'l1',
    location_name: 'Main',
    user_id: 'u1',
    user_name: 'Wanjiku',
    device_id: null,
    business_day: '2026-11-24',
    gross: total,
    discount: 0,
    total,
    tax: lines.reduce((s, l) => s + l.tax, 0),
    tendered: null,
    change: null,
    debtor_id: null,
    debtor_name: null,
    debtor_balance_after: null,
    provider_id: null,
    provider_name: null,
    reference: null,
    note: '',
    created_at: '2026-11-24T09:26:53Z',
    lines,
    reversed_total: 0,
    reversals: [],
  };
};

async function drawer(
  sale: Sale | Reversal,
  lng: 'en' | 'es',
  type: 'sale' | 'reversal' = 'sale',
  taxName = '',
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(sale), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    ),
  );
  const session = makeSession();
  session.business = { ...session.business, tax_name: taxName };
  await renderApp(<SaleDrawer item={{ type, id: sale.id }} onClose={() => {}} />, { session, lng });
  await screen.findByTestId('drawer-total');
}

/** The text of the page with every run of spaces (no-break ones too) as one space. */
const pageText = () => document.body.textContent.replace(/\s+/g, ' ');

describe('the sale drawer', () => {
  it('shows the tax by rate, as the receipt prints it', async () => {
    await drawer(
      saleOf([line(1, 1600, 34_737, 4_791), line(2, 0, 6_451, 0), line(3, 750, 24_812, 1_731)]),
      'en',
    );
    expect(pageText()).toContain('VAT 7.5% incl. (net KES 230.81): KES 17.31');
    expect(pageText()).toContain('VAT 16% incl. (net KES 299.46): KES 47.91');
    expect(pageText()).not.toContain('Tax included');
  });

  it("in the language's words and decimal sign (Spanish)", async () => {
    await drawer(saleOf([line(1, 1600, 34_737, 4_791), line(2, 750, 24_812, 1_731)]), 'es');
    expect(pageText()).toMatch(/IVA 7,5 % incl\. \(base [^)]*230,81[^)]*\): [^ ]*\s?17,31/);
    expect(pageText()).toMatch(/IVA 16 % incl\. \(base [^)]*299,46/);
  });

  it('calls the tax by the name the business gives it (GST)', async () => {
    const mixed = saleOf([line(1, 1600, 34_737, 4_791), line(2, 750, 24_812, 1_731)]);
    await drawer(mixed, 'en', 'sale', 'GST');
    expect(pageText()).toContain('GST 7.5% incl. (net KES 230.81): KES 17.31');
    expect(pageText()).toContain('GST 16% incl. (net KES 299.46): KES 47.91');
    expect(pageText()).not.toContain('VAT');
  });

  it('calls the tax by its name in Spanish too', async () => {
    await drawer(saleOf([line(1, 1600, 34_737, 4_791)]), 'es', 'sale', 'ICMS');
    expect(pageText()).toMatch(/ICMS 16 % incl\. \(base [^)]*299,46/);
    expect(pageText()).not.toContain('IVA');
  });

  it('a sale without tax keeps its one "Tax included" figure', async () => {
    await drawer(saleOf([line(1, 0, 6_500, 0)]), 'en');
    expect(pageText()).toContain('Tax included: KES 0.00');
    expect(pageText()).not.toContain('VAT');
  });
});

describe('the reversal drawer', () => {
  const reversal = (lines: Reversal['lines']): Reversal => ({
    id: '0190b1a0-0000-7000-8000-0000000000d1',
    receipt_no: '000043',
    sale_id: '0190b1a0-0000-7000-8000-0000000000c1',
    sale_receipt_no: '000042',
    kind: 'cash',
    location_id: 'l1',
    location_name: 'Main',
    reason: 'Broken',
    total: lines.reduce((s, l) => s + l.amount, 0),
    tax: lines.reduce((s, l) => s + l.tax, 0),
    reference: null,
    provider_name: null,
    debtor_id: null,
    debtor_name: null,
    debtor_balance_after: null,
    user_id: 'u1',
    user_name: 'Wanjiku',
    business_day: '2026-11-24',
    created_at: '2026-11-24T10:00:00Z',
    lines,
  });
  const back = (no: number, tax_rate: number, amount: number, tax: number) => ({
    line_no: no,
    sale_line_no: no,
    product_id: `p${no}`,
    name: `Product ${no}`,
    unit: 'each',
    quantity: 1000,
    unit_price: amount,
    amount,
    tax,
    tax_rate,
  });

  it('shows what goes back of the tax, by rate', async () => {
    await drawer(reversal([back(1, 1600, 11_600, 1_600), back(2, 0, 6_500, 0)]), 'en', 'reversal');
    expect(pageText()).toContain('VAT 16% incl. (net KES 100.00): KES 16.00');
  });

  it('names the tax as the business does: what goes back of GST', async () => {
    await drawer(reversal([back(1, 1600, 11_600, 1_600)]), 'en', 'reversal', 'GST');
    expect(pageText()).toContain('GST 16% incl. (net KES 100.00): KES 16.00');
  });

  it('a reversal without tax says so in one figure', async () => {
    await drawer(reversal([back(1, 0, 6_500, 0)]), 'en', 'reversal');
    expect(pageText()).toContain('Tax included: KES 0.00');
  });
});
