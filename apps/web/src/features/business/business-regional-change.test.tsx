import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Business } from '@duka/domain';
import { stubFonts } from '../../test/history-fixtures';
import { businessOf, fakeProfileServer } from '../../test/business';
import { makeSession, renderApp } from '../../test/render';
import { BusinessProfilePage } from './business-profile-page';

/**
 * The profile's regional fields when they change: the money fields re-shown for a new currency's
 * digits, not flagged for the old one's; a new time zone warned of before it is saved.
 */

const session = makeSession({ role: 'admin' });
const business = (default_credit_limit: number): Business =>
  businessOf(session.business.id, { default_credit_limit });

async function chooseUgx() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
  await userEvent.click(await screen.findByRole('option', { name: /^UGX/ }));
}

const creditLimit = () => screen.getByRole('textbox', { name: 'Credit limit for new debtors' });
const invalid = 'Enter an amount of zero or more, e.g. 5000 or 5000.50.';

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe('the business profile when the currency changes', () => {
  it('re-shows an untouched credit limit for a currency without minor digits, and saves', async () => {
    const saves = fakeProfileServer(business(0));
    await renderApp(<BusinessProfilePage />, { session });
    expect(await screen.findByDisplayValue('0.00')).toBe(creditLimit());
    await chooseUgx();
    expect(creditLimit()).toHaveValue('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ currency: 'UGX', default_credit_limit: 0 });
    expect(screen.queryByText(invalid)).toBeNull();
  });

  it('re-shows a whole amount without its zero decimals: 12.00 KES is 12 UGX', async () => {
    const saves = fakeProfileServer(business(1200));
    await renderApp(<BusinessProfilePage />, { session });
    expect(await screen.findByDisplayValue('12.00')).toBe(creditLimit());
    await chooseUgx();
    expect(creditLimit()).toHaveValue('12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ currency: 'UGX', default_credit_limit: 12 });
  });

  it('keeps an amount the new currency cannot hold as it is, and flags it', async () => {
    const saves = fakeProfileServer(business(1250));
    await renderApp(<BusinessProfilePage />, { session });
    expect(await screen.findByDisplayValue('12.50')).toBe(creditLimit());
    await chooseUgx();
    expect(creditLimit()).toHaveValue('12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(saves).toEqual([]);
  });
});

describe('the business profile when the time zone changes', () => {
  const warning = /from now on days start and end at midnight in the new zone/;

  it('warns before a new zone is saved, and no longer once it is', async () => {
    const saves = fakeProfileServer(business(0));
    await renderApp(<BusinessProfilePage />, { session });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Africa/Nairobi');
    expect(screen.queryByText(warning)).toBeNull();
    await userEvent.click(zone);
    await userEvent.click(await screen.findByRole('option', { name: 'Africa/Kampala' }));
    expect((await screen.findByText(warning)).closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ timezone: 'Africa/Kampala' });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it('says nothing when the zone is chosen again as it was', async () => {
    fakeProfileServer(business(0));
    await renderApp(<BusinessProfilePage />, { session });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await userEvent.click(zone);
    await userEvent.click(await screen.findByRole('option', { name: 'Africa/Kampala' }));
    await screen.findByText(warning);
    await userEvent.click(zone);
    await userEvent.click(await screen.findByRole('option', { name: 'Africa/Nairobi' }));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });
});
