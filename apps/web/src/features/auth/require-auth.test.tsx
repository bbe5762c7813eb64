import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { makeSession, renderApp } from '../../test/render';
import type * as authApi from './auth-api';
import { fetchMe } from './auth-api';
import { RequireAuth } from './require-auth';
import { paintTillFrame, recordEarlyKeys, removeStartScreen, takeEarlyKeys } from '../../lib/start-frame';

vi.mock('./auth-api', async (original) => ({
  ...(await original<typeof authApi>()),
  fetchMe: vi.fn(),
}));
const me = vi.mocked(fetchMe);
afterEach(() => me.mockReset());

const page = (
  <Routes>
    <Route path="/login" element={<p>the sign-in page</p>} />
    <Route
      path="/cash-sale"
      element={
        <RequireAuth>
          <p>the till</p>
        </RequireAuth>
      }
    />
  </Routes>
);

describe('RequireAuth', () => {
  it('keeps the page while the server does not answer, says so, and shows it once the server answers', async () => {
    me.mockRejectedValueOnce(new ApiError({ kind: 'network', code: 'network' }))
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 503, code: 'server_error' }))
      .mockResolvedValue(makeSession({ role: 'admin' }));
    await renderApp(page, { route: '/cash-sale' });
    expect(
      await screen.findByText('The server did not answer. Trying again…', {}, { timeout: 2000 }),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByText('the sign-in page')).not.toBeInTheDocument();
    // asked again (every 2 s): the page it was asked for
    expect(await screen.findByText('the till', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(me).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument();
  }, 10_000);

  it("takes the till's start frame away while the server does not answer, keeping what was scanned", async () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="duka-start"><svg></svg></div>');
    paintTillFrame(document, 'Scan a barcode', { menu: 'Side', size: 'lg', folded: false });
    recordEarlyKeys(window);
    me.mockRejectedValue(new ApiError({ kind: 'network', code: 'network' }));
    // the frame is drawn over the page: it must go for the words beneath to be seen (checked
    // before the render: under load the first failure may already have taken it by the time the
    // render returns)
    expect(document.getElementById('duka-start')).not.toBeNull();
    try {
      await renderApp(page, { route: '/cash-sale' });
      await screen.findByText('The server did not answer. Trying again…', {}, { timeout: 2000 });
      expect(document.getElementById('duka-start')).toBeNull();
      for (const key of ['1', '2', 'Enter']) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
      expect(takeEarlyKeys().scans).toEqual(['12']);
    } finally {
      removeStartScreen(document);
    }
  });

  it('goes to the sign-in page only when the server says nobody is signed in', async () => {
    me.mockResolvedValue(null);
    await renderApp(page, { route: '/cash-sale' });
    expect(await screen.findByText('the sign-in page')).toBeInTheDocument();
    await waitFor(() => expect(me).toHaveBeenCalledTimes(1));
  });

  it('goes to the sign-in page, which says why, when the server refuses the session otherwise', async () => {
    me.mockRejectedValue(new ApiError({ kind: 'http', status: 403, code: 'device_blocked' }));
    await renderApp(page, { route: '/cash-sale' });
    expect(await screen.findByText('the sign-in page')).toBeInTheDocument();
    expect(me).toHaveBeenCalledTimes(1);
  });
});
