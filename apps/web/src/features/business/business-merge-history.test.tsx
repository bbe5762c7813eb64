import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Business } from '@duka/domain';
import { fakeServer as fakeHistoryServer, json, loss, stubFonts } from '../../test/history-fixtures';
import { businessOf } from '../../test/business';
import { makeSession, renderApp } from '../../test/render';
import { BusinessProfilePage } from './business-profile-page';

/** The business's replaced settings (ADR 11 §11.1): a card of the business profile, in words. */

const session = makeSession({ role: 'admin' });
const business: Business = businessOf(session.business.id, {
  phone: '0711',
  default_credit_limit: 500_000,
});

const items = [
  loss(
    'b1',
    'payment_details',
    { payment_details: JSON.stringify({ mpesa_paybill: '400200', mpesa_account: 'DUKA', bank_name: '' }) },
    { payment_details: JSON.stringify({ mpesa_till: '123456' }) },
  ),
  loss('b2', 'allow_negative_stock', { allow_negative_stock: 1 }, { allow_negative_stock: 0 }),
  loss('b3', 'default_credit_limit', { default_credit_limit: 250_000 }, { default_credit_limit: 500_000 }),
  loss('b4', 'max_discount_bp', { max_discount_bp: 1250 }, { max_discount_bp: 1000 }),
  loss('b5', 'language', { language: 'es' }, { language: 'en' }),
  loss('b6', 'logo', { logo: '0190b1a0-0000-7000-8000-00000000f11e' }, { logo: null }),
  loss('b7', 'receipt_columns', { receipt_columns: 42 }, { receipt_columns: 48 }),
  loss('b8', 'tax_name', { tax_name: 'GST' }, { tax_name: '' }),
  loss('b9', 'week_start', { week_start: 0 }, { week_start: 6 }),
];

/** The profile, and none of the page's other cards (storage, backups, sync): they are not tested here. */
const profile = (url: string) =>
  url === '/api/business/profile'
    ? business
    : url.startsWith('/api/history')
      ? undefined
      : json({ error: { code: 'not_found', message: 'Not here' } }, 404);

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("the business's replaced settings", () => {
  it('are a card of the profile: money, yes or no, a percentage, payment details by label', async () => {
    fakeHistoryServer({ [`business/${business.id}`]: items }, profile);
    await renderApp(<BusinessProfilePage />, { session });
    const section = await screen.findByRole('region', { name: 'Replaced values' });
    const lines = (await within(section).findAllByRole('listitem')).map((li) => li.textContent ?? '');
    const ending = / set on Branch B at .+ was replaced by (.+) set here at .+\.$/;
    expect(lines.map((l) => l.replace(ending, ' → $1'))).toEqual([
      'Payment details printed on receipts M-Pesa paybill 400200, Paybill account DUKA → M-Pesa till number 123456',
      'Allow selling more than is in stock yes → no',
      expect.stringMatching(/^Credit limit for new debtors KES\s2,500\.00 → KES\s5,000\.00$/),
      'Largest discount staff may give 12.5% → 10%',
      'Default language Español → English',
      'Shop logo a picture → none',
      'Characters per line 42 characters → 48 characters',
      'Tax name GST → none',
      'Week starts on Sunday → Saturday',
    ]);
    // Never an id of a file in the words.
    expect(section.textContent).not.toContain('f11e');
  });

  it('are not asked for by anyone but an admin', async () => {
    const asked = fakeHistoryServer({}, profile);
    await renderApp(<BusinessProfilePage />, { session: makeSession({ role: 'staff' }) });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
