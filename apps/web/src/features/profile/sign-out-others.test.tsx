import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { ProfileDialog } from './profile-dialog';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server's answers to signing out elsewhere, one per call; every call is kept. */
function server(...answers: Response[]) {
  const fetch = vi.fn((url: string, _init?: RequestInit) => {
    // where the user is signed in (the list above the button): this device only
    if (url === '/api/auth/sessions') return Promise.resolve(answer(200, []));
    if (url !== '/api/auth/logout-others') return Promise.resolve(answer(404, {}));
    return Promise.resolve(answers.shift() ?? answer(500, {}));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const calls = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter(([url]) => url === '/api/auth/logout-others');

async function openConfirm() {
  const profile = await screen.findByRole('dialog', { name: 'Edit Profile' });
  fireEvent.click(within(profile).getByRole('button', { name: 'Sign out on other devices' }));
  return screen.findByRole('dialog', { name: 'Sign out on other devices?' });
}

describe('signing out on other devices, in the profile dialog', () => {
  it('asks first; Cancel sends nothing and brings the profile back', async () => {
    const fetch = server();
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const confirm = await openConfirm();
    expect(confirm).toHaveTextContent('This device stays signed in.');
    expect(confirm).toHaveTextContent('A sale left open on one of them is not lost');
    // the profile steps aside while it asks
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).toBeNull());
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(calls(fetch)).toEqual([]);
  });

  it('on confirm ends the other sessions and says how many, in plural forms', async () => {
    const fetch = server(answer(200, { ended: 2 }), answer(200, { ended: 1 }), answer(200, { ended: 0 }));
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    for (const words of [
      'Signed out on 2 other devices.',
      'Signed out on 1 other device.',
      'No other device was signed in.',
    ]) {
      const confirm = await openConfirm();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out other devices' }));
      expect(await screen.findByText(words)).toBeInTheDocument();
      // the confirmation closes, the profile is back
      expect(await screen.findByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    }
    expect(calls(fetch)).toHaveLength(3);
    expect(calls(fetch)[0]![1]).toMatchObject({ method: 'POST', body: undefined });
  });

  it('says how many in the user’s language: "Auf 3 anderen Geräten abgemeldet." in German', async () => {
    server(answer(200, { ended: 3 }));
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, {
      session: makeSession(),
      lng: 'de',
    });
    const profile = await screen.findByRole('dialog', { name: 'Profil bearbeiten' });
    fireEvent.click(within(profile).getByRole('button', { name: 'Auf anderen Geräten abmelden' }));
    const confirm = await screen.findByRole('dialog', { name: 'Auf anderen Geräten abmelden?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Andere Geräte abmelden' }));
    expect(await screen.findByText('Auf 3 anderen Geräten abgemeldet.')).toBeInTheDocument();
  });

  it('a refusal reaches the user as its code’s words, and the confirmation stays to try again', async () => {
    server(answer(429, { error: { code: 'rate_limited', message: 'Too many requests, retry in 1 minute' } }));
    await renderApp(<ProfileDialog opened onClose={() => undefined} />, { session: makeSession() });
    const confirm = await openConfirm();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText(/^Too many attempts/)).toBeInTheDocument();
    expect(screen.queryByText(/Too many requests, retry/)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sign out on other devices?' })).toBeInTheDocument();
  });
});
