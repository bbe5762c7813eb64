import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { type Location, type User, rolesFromFlags } from '@duka/domain';
import { stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { LocationsPage } from './locations-page';
import { strandedBy } from './stranded-staff';

const loc = (n: number, name: string, active = true): Location => ({
  id: `0190b1a0-0000-7000-8000-0000000000d${n}`,
  name,
  active,
  home_here: true,
});
const shop = loc(1, 'Main shop');
const store = loc(2, 'Store room');
const old = loc(3, 'Old kiosk', false);
let n = 0;
const user = (name: string, over: Partial<User>): User => ({
  id: `0190b1a0-0000-7000-8000-00000000e00${(n += 1)}`,
  name,
  username: name.toLowerCase(),
  mobile: null,
  role: 'staff',
  user_roles: rolesFromFlags([]),
  img: 'profile.png',
  home_location_id: null,
  location_ids: [],
  active: true,
  created_at: '2026-12-01T08:00:00.000Z',
  updated_at: '2026-12-01T08:00:00.000Z',
  ...over,
});

const amina = user('Amina', { location_ids: [store.id] });
const baraka = user('Baraka', { location_ids: [store.id, old.id] });
const chege = user('Chege', { location_ids: [store.id, shop.id] });
const dora = user('Dora', { location_ids: [] });
const esther = user('Esther', { location_ids: [store.id], active: false });
const owner = user('Owner', { location_ids: [store.id], role: 'admin' });

describe("a location's deactivation", () => {
  it('strands the active staff limited to it (or to it and inactive ones), not those with another or none', () => {
    const users = [amina, baraka, chege, dora, esther, owner];
    expect(strandedBy(users, store.id, [shop, store, old]).map((u) => u.name)).toEqual(['Amina', 'Baraka']);
    expect(strandedBy(users, shop.id, [shop, store, old])).toEqual([]);
  });

  describe('its dialog', () => {
    beforeAll(stubFonts);
    afterEach(() => vi.unstubAllGlobals());

    it('names the staff it would strand', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          Promise.resolve(
            Response.json(
              url === '/api/locations' ? [shop, store, old] : url === '/api/users' ? [amina, chege] : [],
            ),
          ),
        ),
      );
      await renderApp(<LocationsPage />, { session: makeSession({ role: 'admin' }) });
      const row = await screen.findByTestId('location-row-Store room');
      fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
      expect(await screen.findByTestId('stranded-staff')).toHaveTextContent(
        'Amina works only here: once it is deactivated, they cannot sell or count anywhere until you give them another location in User accounts.',
      );
    });
  });
});
