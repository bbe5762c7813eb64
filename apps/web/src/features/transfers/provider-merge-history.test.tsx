import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Provider } from '@duka/domain';
import { fakeServer as fakeHistoryServer, json, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { TransfersPage } from './transfers-page';

/** A payment provider's replaced values (ADR 11 §11.1): in the dialog that edits it, for an admin. */

const provider: Provider = {
  id: '0190b1a0-0000-7000-8000-0000000000e1',
  name: 'Stima Pay',
  kind: 'mobile_money',
  active: true,
};

const items = [
  loss('p1', 'kind', { kind: 'bank' }, { kind: 'mobile_money' }),
  loss('p2', 'active', { active: 0 }, { active: 1 }),
];

const fakeServer = () =>
  fakeHistoryServer(
    { [`payment_provider/${provider.id}`]: items },
    // The page's list is not tested here: it is refused, quietly.
    (url) =>
      url === '/api/payment-providers'
        ? [provider]
        : url.startsWith('/api/transfers?')
          ? json({ error: { code: 'not_found', message: 'Not here' } }, 404)
          : undefined,
    [],
  );

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("a payment provider's replaced values", () => {
  it('are in the dialog that edits it, the kind and status in words', async () => {
    fakeServer();
    await renderApp(<TransfersPage />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Providers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Stima Pay' }));
    const dialog = await screen.findByRole('dialog');
    const section = within(dialog).getByRole('region', { name: 'Replaced values' });
    const lines = (await within(section).findAllByRole('listitem')).map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Kind Bank set on Branch B at .+ was replaced by Mobile money set here at .+\.$/,
      ),
      expect.stringMatching(
        /^Status Inactive set on Branch B at .+ was replaced by Active set here at .+\.$/,
      ),
    ]);
  });

  it('are not asked for while a provider is added', async () => {
    const asked = fakeServer();
    await renderApp(<TransfersPage />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Providers' }));
    expect(await screen.findByTestId('providers-Stima Pay')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
