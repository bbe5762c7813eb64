import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Debtor } from '@duka/domain';
import { DebtorDrawer } from './debtor-drawer';
import { fakeServer as fakeHistoryServer, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';

/** A debtor's replaced values (ADR 11 §11.1): a tab of their drawer, for an admin. */

const DEBTOR = '0190b1a0-0000-7000-8000-0000000000d1';

const debtor: Debtor = {
  id: DEBTOR,
  name: 'Juma Otieno',
  phone: '0722000111',
  id_number: '',
  credit_limit: 100_000,
  balance: 0,
  available: 100_000,
  active: true,
  note: '',
  last_activity_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-25T07:05:00.000Z',
};

/** Answers the debtor and their statement, and the history given. */
const fakeServer = (history: Parameters<typeof fakeHistoryServer>[0]) =>
  fakeHistoryServer(history, (url) => {
    if (url === `/api/debtors/${DEBTOR}`) return debtor;
    if (url.startsWith(`/api/debtors/${DEBTOR}/statement`))
      return {
        debtor,
        from: '2026-10-28',
        to: '2026-11-26',
        opening_balance: 0,
        closing_balance: 0,
        entries: [],
      };
    return undefined;
  });

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("a debtor's replaced values", () => {
  const items = [
    loss('d1', 'credit_limit', { credit_limit: 50_000 }, { credit_limit: 100_000 }),
    loss('d2', 'active', { active: 0 }, { active: 1 }),
    loss('d3', 'phone', { phone: '0700000001' }, { phone: '0722000111' }),
  ];

  it('are a tab of the drawer for an admin, each in words', async () => {
    fakeServer({ [`debtor/${DEBTOR}`]: items });
    await renderApp(<DebtorDrawer debtor={debtor} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Replaced values' }));
    const list = await screen.findByTestId('merge-history');
    const lines = [...list.querySelectorAll('li')].map((l) => l.textContent);
    expect(lines[0]).toMatch(
      /^Credit limit .*500\.00 set on Branch B at .+ was replaced by .*1,000\.00 set here at .+\.$/,
    );
    expect(lines[1]).toMatch(
      /^May buy on credit no set on Branch B at .+ was replaced by yes set here at .+\.$/,
    );
    expect(lines[2]).toMatch(/^Phone 0700000001 set on Branch B .+ was replaced by 0722000111 set here/);
  });

  it('in Spanish too', async () => {
    fakeServer({ [`debtor/${DEBTOR}`]: items.slice(0, 1) });
    await renderApp(<DebtorDrawer debtor={debtor} onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'es',
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Valores reemplazados' }));
    expect((await screen.findByTestId('merge-history')).textContent).toMatch(
      /^Límite de crédito .+ fijado en Branch B el .+ fue reemplazado por .+ fijado aquí el .+\.$/,
    );
  });

  it('are not there for staff, who may not read them (the server refuses them too)', async () => {
    const asked = fakeServer({ [`debtor/${DEBTOR}`]: items });
    await renderApp(<DebtorDrawer debtor={debtor} onClose={() => undefined} />, {
      session: makeSession({ role: 'staff', flags: ['sell_on_credit'] }),
    });
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
