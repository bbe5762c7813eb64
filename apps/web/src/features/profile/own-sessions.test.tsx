import type { OwnSession } from '@duka/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { ProfileDialog } from './profile-dialog';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** This device, a till named by the admin on the shop's network, a phone's browser on the internet. */
function sessions(): OwnSession[] {
  return [
    {
      id: '0190b1a0-0000-7000-8000-00000000000a',
      device_name: null,
      ip: '127.0.0.1',
      created_at: '2026-11-26T11:05:00.000Z',
      last_seen_at: minutesAgo(0),
      expires_at: '2026-12-03T11:05:00.000Z',
      current: true,
    },
    {
      id: '0190b1a0-0000-7000-8000-00000000000b',
      device_name: 'Front till',
      ip: '::ffff:192.168.1.20',
      created_at: '2026-11-25T06:30:00.000Z',
      last_seen_at: minutesAgo(5),
      expires_at: '2026-12-02T06:30:00.000Z',
      current: false,
    },
    {
      id: '0190b1a0-0000-7000-8000-00000000000c',
      device_name: null,
      ip: '41.90.64.3',
      created_at: '2026-11-24T15:45:00.000Z',
      last_seen_at: minutesAgo(3 * 60),
      expires_at: '2026-12-01T15:45:00.000Z',
      current: false,
    },
  ];
}

/**
 * The server: the sessions it holds (GET), and the answers to ending one, one per call (none left:
 * the session goes, as the server does it). Every call is kept.
 */
function server(held: OwnSession[], ...ends: Response[]) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/auth/sessions') return Promise.resolve(answer(200, held));
    const id = /^\/api\/auth\/sessions\/([^/]+)\/end$/.exec(url)?.[1];
    if (id && init?.method === 'POST') {
      const next = ends.shift();
      if (next) return Promise.resolve(next);
      held = held.filter((s) => s.id !== id);
      return Promise.resolve(answer(200, { ok: true }));
    }
    if (url === '/api/auth/logout-others') {
      held = held.filter((s) => s.current);
      return Promise.resolve(answer(200, { ended: 2 }));
    }
    return Promise.resolve(answer(404, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const ends = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => /\/end$/.test(url)).map(([url, init]) => [url, init?.method]);
const reads = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => url === '/api/auth/sessions').length;

async function list() {
  const profile = await screen.findByRole('dialog', { name: 'Edit Profile' });
  return within(profile).findByRole('list', { name: 'Where you are signed in' });
}

describe('where the user is signed in, in the profile dialog', () => {
  it('lists each session: its device or "Browser", its address, when it signed in and was last seen; "This device" has no Sign out', async () => {
    server(sessions());
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const [here, till, phone] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(here).toHaveTextContent('Browser');
    expect(here).toHaveTextContent('This device');
    expect(here).toHaveTextContent("On the server's own computer");
    // in the business's zone and locale (Nairobi, English in Kenya: the day first)
    expect(here).toHaveTextContent('Signed in 26 Nov 2026, 14:05 · in use now');
    expect(within(here).queryByRole('button')).toBeNull();

    expect(till).toHaveTextContent('Front till');
    expect(till).not.toHaveTextContent('This device');
    expect(till).toHaveTextContent('Local network · 192.168.1.20');
    expect(till).toHaveTextContent('Signed in 25 Nov 2026, 09:30 · last seen 5 minutes ago');
    expect(
      within(till).getByRole('button', { name: 'Sign out Front till, last seen 5 minutes ago' }),
    ).toBeVisible();

    expect(phone).toHaveTextContent('Browser');
    expect(phone).toHaveTextContent('Internet · 41.90.64.3');
    expect(phone).toHaveTextContent('last seen 3 hours ago');
    expect(within(phone).getByRole('button', { name: /^Sign out Browser/ })).toHaveTextContent('Sign out');
    expect(screen.queryByText('You are not signed in anywhere else.')).toBeNull();
  });

  /** Sign out on a session's row, then the confirmation's Sign out. */
  const endVia = async (shown: HTMLElement, device: RegExp, title: string) => {
    fireEvent.click(within(shown).getByRole('button', { name: device }));
    const confirm = await screen.findByRole('dialog', { name: title });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
  };

  it('Sign out asks first: Cancel keeps the session, nothing is sent', async () => {
    const fetch = server(sessions());
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const shown = await list();
    fireEvent.click(within(shown).getByRole('button', { name: /^Sign out Front till/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out Front till?' });
    expect(confirm).toHaveTextContent(
      'Front till (last seen 5 minutes ago) goes to the sign-in page at its next step. You stay signed in here.' +
        'A sale left open on it is not lost: it comes back on your till.',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out Front till?' })).toBeNull());
    expect(ends(fetch)).toEqual([]);
    expect(within(shown).getAllByRole('listitem')).toHaveLength(3);
  });

  it('Sign out ends that session: it leaves the list at once, with a notice; the list is read again', async () => {
    const fetch = server(sessions());
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const shown = await list();
    const readsBefore = reads(fetch);
    await endVia(shown, /^Sign out Front till/, 'Sign out Front till?');
    expect(
      await screen.findByText('Front till is signed out: it goes to the sign-in page at its next step.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(shown).getAllByRole('listitem')).toHaveLength(2));
    expect(within(shown).queryByText('Front till')).toBeNull();
    expect(ends(fetch)).toEqual([['/api/auth/sessions/0190b1a0-0000-7000-8000-00000000000b/end', 'POST']]);
    await waitFor(() => expect(reads(fetch)).toBeGreaterThan(readsBefore));

    // the last other one too: nobody else is signed in
    await endVia(shown, /^Sign out Browser/, 'Sign out Browser?');
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(within(shown).getAllByRole('listitem')).toHaveLength(1);
    expect(within(shown).getByRole('listitem')).toHaveTextContent('This device');
  });

  it('a refusal is worded by its code, never the server’s sentence, and the session stays listed', async () => {
    server(
      sessions(),
      answer(429, { error: { code: 'rate_limited', message: 'Too many requests, retry in 1 minute' } }),
      answer(409, { error: { code: 'session_is_current', message: 'This is the session asking' } }),
    );
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const shown = await list();
    await endVia(shown, /^Sign out Front till/, 'Sign out Front till?');
    expect(await screen.findByText(/^Too many attempts/)).toBeInTheDocument();
    expect(screen.queryByText(/Too many requests, retry/)).toBeNull();
    await endVia(shown, /^Sign out Front till/, 'Sign out Front till?');
    expect(
      await screen.findByText(
        'This is the device you are using: to end its session, sign out from the account menu.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/session asking/)).toBeNull();
    expect(within(shown).getAllByRole('listitem')).toHaveLength(3);
    expect(within(shown).getByText('Front till')).toBeInTheDocument();
  });

  it('a list that cannot be read says so in the user’s words, and Try again reads it', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url !== '/api/auth/sessions') return Promise.resolve(answer(404, {}));
        if (fail) return Promise.resolve(answer(500, { error: { code: 'internal', message: 'boom' } }));
        return Promise.resolve(answer(200, sessions()));
      }),
    );
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const profile = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(await within(profile).findByRole('alert')).toHaveTextContent(
      'Something bad happened; please try again later.',
    );
    expect(within(profile).queryByText('boom')).toBeNull();
    fail = false;
    fireEvent.click(within(profile).getByRole('button', { name: 'Try again' }));
    expect(await list()).toBeInTheDocument();
  });

  it('"Sign out on other devices" leaves this device alone in the list', async () => {
    server(sessions());
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    await list();
    const profile = screen.getByRole('dialog', { name: 'Edit Profile' });
    fireEvent.click(within(profile).getByRole('button', { name: 'Sign out on other devices' }));
    const confirm = await screen.findByRole('dialog', { name: 'Sign out on other devices?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('speaks the user’s language: "Dieses Gerät", "Browser", the German dates', async () => {
    server(sessions());
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, {
      session: makeSession(),
      lng: 'de',
    });
    const profile = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    const shown = await within(profile).findByRole('list', { name: 'Wo Sie angemeldet sind' });
    const [here, till] = within(shown).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(here).toHaveTextContent('BrowserDieses Gerät');
    expect(here).toHaveTextContent('Angemeldet seit 26.11.2026, 14:05 · gerade in Verwendung');
    expect(till).toHaveTextContent('Lokales Netzwerk · 192.168.1.20');
    expect(till).toHaveTextContent('zuletzt aktiv vor 5 Minuten');
    expect(within(till).getByRole('button', { name: /^Front till abmelden/ })).toHaveTextContent('Abmelden');
  });
});
