/**
 * The review beside the scanning is read again once the scans pause (count-cache.ts): until then it
 * says it is being updated, so no one reads its figures as the latest.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { StockCountReview } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { openCount } from '../../test/stock-counts';
import { CountReview } from './count-review';

const COUNT_ID = '0190b1a0-0000-7000-8000-0000000000c2';
const count = openCount(COUNT_ID);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the count review', () => {
  it('says it is updating while it is out of date, and not once it is read', async () => {
    let counted = 2_000;
    let answer: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            const review: StockCountReview = {
              count,
              lines: [
                {
                  product_id: '0190b1a0-0000-7000-8000-0000000000a1',
                  product_name: 'Sugar',
                  unit: 'kg',
                  expected: 5_000,
                  counted,
                  variance: counted - 5_000,
                  variance_value: (counted - 5_000) * 15,
                  moved_since_start: 0,
                },
              ],
              total_variance_value: (counted - 5_000) * 15,
            };
            answer = () =>
              resolve(
                new Response(JSON.stringify(review), { headers: { 'content-type': 'application/json' } }),
              );
          }),
      ),
    );
    const { qc } = await renderApp(<CountReview count={count} />, { session: makeSession() });
    await act(() => {
      answer!();
      return Promise.resolve();
    });
    expect(await screen.findByTestId('review-Sugar')).toHaveTextContent('2');
    expect(screen.queryByTestId('review-updating')).toBeNull();
    // a scan: out of date at once, not yet read again
    await act(() =>
      qc.invalidateQueries({ queryKey: ['stock-counts', COUNT_ID, 'review'], refetchType: 'none' }),
    );
    expect(screen.getByTestId('review-updating')).toHaveTextContent('Updating…');
    // the scans paused: read again; updating until the answer is in
    counted = 3_000;
    act(() => void qc.invalidateQueries({ queryKey: ['stock-counts', COUNT_ID, 'review'] }));
    expect(screen.getByTestId('review-updating')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await act(() => {
      answer!();
      return Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByTestId('review-updating')).toBeNull());
    expect(screen.getByTestId('review-Sugar')).toHaveTextContent('3');
  });
});
