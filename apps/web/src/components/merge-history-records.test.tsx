import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Debtor, FieldHistoryItem, User } from '@duka/domain';
import { DebtorDrawer } from '../features/debtors/debtor-drawer';
import { UserForm } from '../features/users/user-form';
import { FIELD_KEYS } from '../lib/merge-history-words';
import { TRANSLATIONS, makeSession, renderApp } from '../test/render';

/** The replaced values of a debtor and a user (ADR 11 §11.1), in their own drawers. */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DEBTOR = '0190b1a0-0000-7000-8000-0000000000d1';
const USER = '0190b1a0-0000-7000-8000-0000000000a1';
const SHOP = { id: '0190a000-0000-7000-8000-000000000001', name: 'Main shop', active: true };
const STALL = { id: '0190a000-0000-7000-8000-000000000002', name: 'Market stall', active: true };

const at = (time: string) => ({ at: `2026-11-25T${time}:00.000Z`, here: false, server: 'Branch B' });
const here = { at: '2026-11-25T07:05:00.000Z', here: true, server: '' };
const loss = (id: string, field: string, value: object, won: object): FieldHistoryItem => ({
  id,
  field,
  reason: 'concurrent',
  value: value as Record<string, unknown>,
  set: at('07:02'),
  won_value: won as Record<string, unknown>,
  won: here,
  recorded_at: '2026-11-25T07:06:00.000Z',
});

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

/** Answers the record, its history and the locations; everything else is an empty list. */
function fakeServer(history: Record<string, FieldHistoryItem[]>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      if (url === `/api/debtors/${DEBTOR}`) return Promise.resolve(json(debtor));
      if (url.startsWith(`/api/debtors/${DEBTOR}/statement`))
        return Promise.resolve(
          json({
            debtor,
            from: '2026-10-28',
            to: '2026-11-26',
            opening_balance: 0,
            closing_balance: 0,
            entries: [],
          }),
        );
      if (url.endsWith('/api/locations')) return Promise.resolve(json([SHOP, STALL]));
      const h = /^\/api\/history\/(\w+)\/(.+)$/.exec(url);
      if (h) return Promise.resolve(json({ items: history[`${h[1]}/${h[2]}`] ?? [] }));
      return Promise.resolve(json({ items: [], entries: [] }));
    }),
  );
  return asked;
}

beforeAll(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
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

describe('the words of every field', () => {
  it('exist in all four languages', () => {
    const has = (tree: unknown, key: string) =>
      typeof key
        .split('.')
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree) === 'string';
    for (const [lng, tree] of Object.entries(TRANSLATIONS))
      for (const fields of Object.values(FIELD_KEYS))
        for (const key of Object.values(fields)) expect(has(tree, key), `${lng}: ${key}`).toBe(true);
  });
});
