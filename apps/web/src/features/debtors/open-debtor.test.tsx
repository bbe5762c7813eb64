import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { DebtorsPage } from './debtors-page';

const ID = '0190b1a0-0000-7000-8000-0000000000d1';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The debtor in the address answers `answer`; the list is empty. */
function server(answer: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url === `/api/debtors/${ID}`) return answer();
      if (url.startsWith('/api/debtors'))
        return Promise.resolve(json({ items: [], total_count: 0, total_balance: 0, all_owed: 0 }));
      return Promise.resolve(json([]));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('opening a debtor from the address', () => {
  const admin = makeSession({ role: 'admin' });

  it('says the debtor is gone only when the server says so', async () => {
    server(() => Promise.resolve(json({ error: { code: 'not_found', message: 'Debtor not found' } }, 404)));
    await renderApp(<DebtorsPage />, { session: admin, route: `/debtors?debtor=${ID}`, lng: 'pt' });
    expect(
      await screen.findByText('Este devedor não existe mais: foi removido ou não é desta empresa.'),
    ).toBeVisible();
  });

  it('says what went wrong otherwise, and logs the cause (was: the drawer closed without a word)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server(() => Promise.resolve(json({ error: { code: 'internal', message: 'Internal error' } }, 500)));
    await renderApp(<DebtorsPage />, { session: admin, route: `/debtors?debtor=${ID}` });
    expect(
      // (after the API client's retries of a failed read)
      await screen.findByText(
        'The debtor could not be opened: Something bad happened; please try again later.',
        undefined,
        { timeout: 5_000 },
      ),
    ).toBeVisible();
    expect(screen.queryByText(/not there any more/)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Opening the debtor failed', expect.anything());
  });
});
