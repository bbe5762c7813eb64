import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Location } from '@duka/domain';
import { fakeServer as fakeHistoryServer, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { LocationsPage } from './locations-page';

/** A location's replaced values (ADR 11 §11.1): in its rename dialog, for an admin, never on Add. */

const location: Location = {
  id: '0190b1a0-0000-7000-8000-0000000000d1',
  name: 'Store room',
  active: true,
  home_here: true,
};

const items = [
  loss('l1', 'name', { name: 'Stoer room' }, { name: 'Store room' }),
  loss(
    'l2',
    'home_server_id',
    { home_server_id: 'b', home_here: false, home_server: 'Branch B' },
    { home_server_id: 'c', home_here: true, home_server: '' },
  ),
  loss('l3', 'active', { active: 0 }, { active: 1 }),
];

const fakeServer = () =>
  fakeHistoryServer(
    { [`location/${location.id}`]: items },
    (url) => (url === '/api/locations' ? [location] : undefined),
    [],
  );

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("a location's replaced values", () => {
  it('are in the dialog that renames it, each field in words', async () => {
    fakeServer();
    await renderApp(<LocationsPage />, { session: makeSession({ role: 'admin' }) });
    const row = await screen.findByTestId('location-row-Store room');
    fireEvent.click(within(row).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const section = within(dialog).getByRole('region', { name: 'Replaced values' });
    const lines = (await within(section).findAllByRole('listitem')).map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Location name Stoer room set on Branch B at .+ was replaced by Store room set here at .+\.$/,
      ),
      expect.stringMatching(
        /^Counted and closed on Branch B set on Branch B at .+ was replaced by this server set here at .+\.$/,
      ),
      expect.stringMatching(
        /^Status Inactive set on Branch B at .+ was replaced by Active set here at .+\.$/,
      ),
    ]);
  });

  it('are not in the dialog that adds one, and not asked for', async () => {
    const asked = fakeServer();
    await renderApp(<LocationsPage />, { session: makeSession({ role: 'admin' }) });
    await screen.findByTestId('location-row-Store room');
    fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    expect(within(dialog).queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
