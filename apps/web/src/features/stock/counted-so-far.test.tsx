import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StockCount } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { openCount } from '../../test/stock-counts';
import { COUNTED_PAGE, CountedSoFar } from './counted-so-far';

const count = (n: number): StockCount =>
  openCount(
    'c1',
    Array.from({ length: n }, (_, i) => ({
      product_id: `p${i}`,
      product_name: `Item ${String(i).padStart(3, '0')}`,
      unit: 'kg',
      quantity: 1_000 * (i + 1),
      entries: 1,
    })),
  );

const cards = () => screen.queryAllByTestId(/^counted-Item /);

/** A count of a whole shop is thousands of products: the screen draws them a page at a time. */
describe('what has been counted so far', () => {
  it('shows the first page by name, more on asking, and says how many are left', async () => {
    await renderApp(<CountedSoFar count={count(150)} />, { session: makeSession() });
    expect(COUNTED_PAGE).toBe(60);
    expect(screen.getByTestId('counted-total')).toHaveTextContent('150');
    expect(cards()).toHaveLength(60);
    expect(cards()[0]).toHaveTextContent('Item 000');
    // with its unit: 1 kg is not 1 each
    expect(cards()[1]).toHaveTextContent('2 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Show 60 more (90 left)' }));
    expect(cards()).toHaveLength(120);
    fireEvent.click(screen.getByRole('button', { name: 'Show 30 more (30 left)' }));
    expect(cards()).toHaveLength(150);
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it('finds a counted product by name, and says when none matches', async () => {
    await renderApp(<CountedSoFar count={count(150)} />, { session: makeSession() });
    const find = screen.getByRole('textbox', { name: 'Find a counted product' });
    fireEvent.change(find, { target: { value: 'item 14' } });
    expect(await screen.findByTestId('counted-Item 140')).toBeInTheDocument();
    expect(cards().map((c) => c.dataset.testid)).toEqual(
      ['140', '141', '142', '143', '144', '145', '146', '147', '148', '149'].map((n) => `counted-Item ${n}`),
    );
    fireEvent.change(find, { target: { value: 'rice' } });
    expect(await screen.findByText('No counted product matches “rice”.')).toBeInTheDocument();
  });

  it('has no search for a count that fits on one page', async () => {
    await renderApp(<CountedSoFar count={count(3)} />, { session: makeSession() });
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
