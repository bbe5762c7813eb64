import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { User } from '@duka/domain';
import { UserForm } from './user-form';
import { fakeServer as fakeHistoryServer, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { SHOP, STALL } from '../../test/locations';

/** A user's replaced values (ADR 11 §11.1): under their edit form, for an admin. */

const USER = '0190b1a0-0000-7000-8000-0000000000a1';

const user: User = {
  id: USER,
  name: 'Akinyi',
  username: 'akinyi',
  mobile: null,
  role: 'staff',
  user_roles: {} as User['user_roles'],
  img: '',
  home_location_id: SHOP.id,
  location_ids: [SHOP.id],
  active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-25T07:05:00.000Z',
};

/** Answers the locations and the history given. */
const fakeServer = (history: Parameters<typeof fakeHistoryServer>[0]) =>
  fakeHistoryServer(history, (url) => (url.endsWith('/api/locations') ? [SHOP, STALL] : undefined));

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("a user's replaced values", () => {
  it('are under the edit form, with the password hidden and the locations by name', async () => {
    fakeServer({
      [`user/${USER}`]: [
        loss('u1', 'password_hash', {}, {}),
        loss(
          'u2',
          'locations',
          { home_location_id: STALL.id, '@user_locations': [{ location_id: STALL.id }] },
          {
            home_location_id: SHOP.id,
            '@user_locations': [{ location_id: SHOP.id }],
          },
        ),
        loss('u3', 'role', { role: 'admin' }, { role: 'staff' }),
        loss('u4', 'flags', { flags: '["sell_on_credit"]' }, { flags: '[]' }),
        {
          ...loss('u5', 'username', { username: 'aki', username_key: 'aki' }, { username: 'aki-x' }),
          reason: 'unique',
        },
      ],
    });
    await renderApp(<UserForm user={user} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    const section = await screen.findByRole('region', { name: 'Replaced values' });
    const list = await within(section).findByTestId('merge-history');
    // the locations' names come with the locations list
    await within(list).findByText(/home Market stall, allowed Market stall/);
    const lines = [...list.querySelectorAll('li')].map((l) => l.textContent);
    expect(lines[0]).toMatch(
      /^Password \(hidden\) set on Branch B at .+ was replaced by \(hidden\) set here at .+\.$/,
    );
    expect(lines[1]).toMatch(
      /^Locations home Market stall, allowed Market stall set on Branch B .+ was replaced by home Main shop, allowed Main shop set here/,
    );
    expect(lines[2]).toMatch(/^Role Admin set on Branch B .+ was replaced by Staff set here/);
    expect(lines[3]).toMatch(/^Rights .+ set on Branch B .+ was replaced by none set here/);
    expect(lines[4]).toMatch(
      /^Username aki set on Branch B .+ was taken first by another user: it became aki-x\.$/,
    );
  });

  it('are not shown while adding a user (nothing to replace yet)', async () => {
    const asked = fakeServer({});
    await renderApp(<UserForm user={null} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    expect(await screen.findByRole('button', { name: 'Create user' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });

  it('say so in German when nothing was replaced', async () => {
    fakeServer({});
    await renderApp(<UserForm user={user} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'de',
    });
    expect(
      await screen.findByText('Keine Synchronisierung hat Werte dieses Benutzers ersetzt.'),
    ).toBeVisible();
  });
});
