import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { type Sale, type SaleLine, formatMoney } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { ReceiptPanel } from './receipt-panel';

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

/** A cash sale at 16 % (47.91 in 347.37), 0 % and 7.5 % (17.31 in 248.12), as the server priced it. */
const sale = (lines: SaleLine[]): Sale => ({
  id: 's1',
  receipt_no: '000042',
  kind: 'cash',
  location_id: 'l1',
  location_name: 'Main',
  user_id: 'u1',
  user_name: 'Wanjiku',
  device_id: null,
  business_day: '2026-11-24',
  gross: lines.reduce((s, l) => s + l.net, 0),
  discount: 0,
  total: lines.reduce((s, l) => s + l.net, 0),
  tax: lines.reduce((s, l) => s + l.tax, 0),
  tendered: 100_000,
  change: 0,
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
});

const mixed = sale([line(1, 1600, 34_737, 4_791), line(2, 0, 6_451, 0), line(3, 750, 24_812, 1_731)]);

async function panel(s: Sale, lng: 'en' | 'de', taxName = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))),
  );
  // as the page reads it: a no-break space in the money is a space to getByText
  const money = (minor: number) => formatMoney(minor, 'KES', lng).replace(/\s+/g, ' ');
  const session = makeSession();
  session.business = { ...session.business, tax_name: taxName };
  await renderApp(<ReceiptPanel opened sale={s} onClose={() => {}} money={money} />, { session, lng });
  return money;
}

describe('the receipt panel after a sale', () => {
  it('shows the tax by rate as the receipt prints it, the rates adding up to the tax', async () => {
    const money = await panel(mixed, 'en');
    expect(screen.getByText(`VAT 7.5% incl. (net ${money(23_081)})`)).toBeTruthy();
    expect(screen.getByText(money(1_731))).toBeTruthy();
    expect(screen.getByText(`VAT 16% incl. (net ${money(29_946)})`)).toBeTruthy();
    expect(screen.getByText(money(4_791))).toBeTruthy();
    expect(screen.queryByText('Tax included')).toBeNull();
  });

  it("in the language's words and decimal sign (German)", async () => {
    const money = await panel(mixed, 'de');
    expect(screen.getByText(/^inkl\. 7,5\s%\sMwSt\. \(netto /)).toBeTruthy();
    expect(screen.getByText(/^inkl\. 16\s%\sMwSt\. \(netto /)).toBeTruthy();
    expect(screen.getByText(money(4_791))).toBeTruthy();
  });

  it('calls the tax by the name the business gives it (GST)', async () => {
    const money = await panel(mixed, 'en', 'GST');
    expect(screen.getByText(`GST 7.5% incl. (net ${money(23_081)})`)).toBeTruthy();
    expect(screen.getByText(`GST 16% incl. (net ${money(29_946)})`)).toBeTruthy();
    expect(screen.queryByText(/VAT/)).toBeNull();
  });

  it('calls the tax by its name in German', async () => {
    await panel(mixed, 'de', 'GST');
    expect(screen.getByText(/^inkl\. 7,5\s%\sGST \(netto /)).toBeTruthy();
    expect(screen.getByText(/^inkl\. 16\s%\sGST \(netto /)).toBeTruthy();
    expect(screen.queryByText(/MwSt/)).toBeNull();
  });

  it('a sale whose lines carry no tax shows the tax in one figure as before', async () => {
    await panel(sale([line(1, 0, 6_500, 0)]), 'en');
    expect(screen.getByText('Tax included')).toBeTruthy();
    expect(screen.queryByText(/VAT/)).toBeNull();
  });
});
