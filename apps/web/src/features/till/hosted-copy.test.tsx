import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { CashSalePage, DebtorSalePage } from './till-page';

afterEach(() => vi.unstubAllGlobals());

describe('the till on a hosted copy kept by the shop PC (ADR 11 §8)', () => {
  it.each([
    ['Cash', CashSalePage],
    ['Debtor', DebtorSalePage],
  ])('%s: says to sell on the shop PC instead of showing the till', async (kind, Page) => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 404 })));
    vi.stubGlobal('fetch', fetch);
    const s = makeSession({ flags: ['sell_cash', 'sell_debtors'] });
    await renderApp(<Page />, { session: { ...s, mode: 'hosted', synced_from_shop: true } });
    expect(await screen.findByTestId('not-on-hosted-copy')).toHaveTextContent(
      "This business is kept on the shop's PC: sell and edit there.",
    );
    expect(screen.getByRole('heading', { name: `Make a sale › ${kind}` })).toBeVisible();
    expect(screen.queryByTestId('till-cart-title')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
