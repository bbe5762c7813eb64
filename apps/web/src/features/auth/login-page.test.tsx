import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

/** The server of a business already set up, with nobody signed in; every request is recorded. */
function signedOutServer() {
  const fetch = vi.fn((input: string) => {
    const url = input;
    if (url.endsWith('/api/setup'))
      return Promise.resolve(Response.json({ setup_required: false, mode: 'local' }));
    return Promise.resolve(Response.json({ error: { code: 'unauthorized' } }, { status: 401 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the sign-in form', () => {
  it('asks for both fields before sending anything, and a field typed in loses its message', async () => {
    const fetch = signedOutServer();
    await renderApp(<LoginPage />, { route: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your mobile number or username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u).filter((u) => u.includes('/api/auth/login'))).toEqual([]);

    await user.type(screen.getByLabelText(/^Mobile or username/), 'wanjiku');
    expect(screen.queryByText('Enter your mobile number or username.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile or username/)).toHaveValue('wanjiku');

    // Spaces alone are no login.
    await user.clear(screen.getByLabelText(/^Mobile or username/));
    await user.type(screen.getByLabelText(/^Mobile or username/), '   ');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your mobile number or username.')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => u).filter((u) => u.includes('/api/auth/login'))).toEqual([]);
  });
});

describe('the login field’s focus (issue 21)', () => {
  it('is taken once the page has painted, not while the form mounts', async () => {
    signedOutServer();
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      await renderApp(<LoginPage />, { route: '/login' });
      const login = await screen.findByLabelText(/^Mobile or username/);
      // mounted, no frame drawn yet: focusing now would lay the whole page out inside the commit
      expect(login).not.toHaveFocus();
      await act(async () => {
        for (const frame of frames.splice(0)) frame(performance.now());
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(login).toHaveFocus();
    } finally {
      raf.mockRestore();
    }
  });

  it('is not taken from a field the user reached first', async () => {
    signedOutServer();
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      await renderApp(<LoginPage />, { route: '/login' });
      const password = await screen.findByLabelText(/^Password/);
      password.focus();
      await act(async () => {
        for (const frame of frames.splice(0)) frame(performance.now());
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(password).toHaveFocus();
    } finally {
      raf.mockRestore();
    }
  });
});
