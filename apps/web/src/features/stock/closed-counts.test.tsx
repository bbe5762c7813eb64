/**
 * Counts once closed are listed under the open ones and open again: what was counted, the note,
 * and for a finalised count its variances as posted (the QA: a closed count could not be seen).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockCount, StockCountReview } from '@duka/domain';
import { json, stubFonts } from '../../test/history-fixtures';
import { SHOP } from '../../test/locations';
import { makeSession, renderApp } from '../../test/render';
import { openCount } from '../../test/stock-counts';
import { StockTakingPage } from './stock-taking-page';

const DONE_ID = '0190b1a0-0000-7000-8000-0000000000d1';
const GONE_ID = '0190b1a0-0000-7000-8000-0000000000d2';
const OPEN_ID = '0190b1a0-0000-7000-8000-0000000000d3';
const closed = (id: string, status: StockCount['status'], note = ''): StockCount => ({
  ...openCount(id, [{ product_id: 'p1', product_name: 'Sugar', unit: 'kg', quantity: 4_000, entries: 2 }]),
  status,
  note,
  closed_at: '2026-12-01T17:00:00.000Z',
});
const DONE = closed(DONE_ID, 'finalised', 'Year-end count, shelves A to D');
const listed = (c: StockCount) => ({ ...c, products_counted: 1, entries: 2 });

function countsServer() {
  const review: StockCountReview = {
    count: DONE,
    lines: [
      {
        product_id: 'p1',
        product_name: 'Sugar',
        unit: 'kg',
        expected: 5_000,
        counted: 4_000,
        variance: -1_000,
        variance_value: -15_000,
        moved_since_start: 0,
      },
    ],
    total_variance_value: -15_000,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === '/api/locations') return Promise.resolve(json([SHOP]));
      if (url === '/api/stock-counts?status=open') return Promise.resolve(json([listed(openCount(OPEN_ID))]));
      if (url === '/api/stock-counts')
        return Promise.resolve(
          json([listed(openCount(OPEN_ID)), listed(DONE), listed(closed(GONE_ID, 'cancelled'))]),
        );
      if (url.startsWith(`/api/stock-counts/${DONE_ID}/review`)) return Promise.resolve(json(review));
      if (url.startsWith(`/api/stock-counts/${DONE_ID}`)) return Promise.resolve(json(DONE));
      return Promise.resolve(json([]));
    }),
  );
}

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe('closed counts', () => {
  it('are listed with their status and note, and a finalised one opens on its variances', async () => {
    countsServer();
    const user = userEvent.setup();
    await renderApp(<StockTakingPage />, { session: makeSession({ role: 'admin' }) });
    const done = await screen.findByTestId(`closed-count-${DONE_ID}`);
    expect(done).toHaveTextContent('Finalised');
    expect(done).toHaveTextContent('Year-end count, shelves A to D');
    expect(screen.getByTestId(`closed-count-${GONE_ID}`)).toHaveTextContent('Cancelled');
    // the open count is not listed again among the closed
    expect(screen.queryByTestId(`closed-count-${OPEN_ID}`)).toBeNull();

    await user.click(within(done).getByRole('button', { name: 'View' }));
    expect(await screen.findByTestId('count-closed')).toHaveTextContent('This count was finalised');
    expect(screen.getByTestId('count-note')).toHaveTextContent('Year-end count, shelves A to D');
    expect(await screen.findByTestId('review-Sugar')).toHaveTextContent('4');
    expect(screen.queryByRole('button', { name: 'Finalise count' })).toBeNull();
  });
});
