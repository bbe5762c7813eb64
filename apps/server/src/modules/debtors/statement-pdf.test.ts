import { describe, expect, it } from 'vitest';
import { formatsOf } from './statement-pdf.js';

const ctx = (language: string) => ({
  businessName: 'Duka',
  businessAddress: '',
  businessPhone: '',
  currency: 'KES',
  timeZone: 'Africa/Nairobi',
  language,
  now: new Date('2026-03-01T08:00:00Z'),
});

describe("the statement PDF's balances", () => {
  it('words a balance below zero as the web statement does: in credit, not a minus amount', () => {
    const en = formatsOf(ctx('en'));
    expect(en.balance(20000)).toBe(en.money(20000));
    expect(en.balance(0)).toBe(en.money(0));
    expect(en.balance(-20000)).toBe(`In credit ${en.money(20000)}`);
    const es = formatsOf(ctx('es'));
    expect(es.balance(-5000)).toBe(`Saldo a favor ${es.money(5000)}`);
    for (const language of ['pt', 'de']) expect(formatsOf(ctx(language)).balance(-1)).not.toContain('-');
  });
});
