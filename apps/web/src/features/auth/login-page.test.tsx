import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paintLoginFrame } from '../../lib/login-frame';
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

describe('the page takes over from its frame (issue 21, lib/login-frame.ts)', () => {
  const WORDS = {
    title: 'Sign in',
    subtitle: 'x',
    login: 'Login',
    loginHint: 'x',
    password: 'Password',
    signIn: 'Sign in',
  };
  /** The frame boot.ts painted, with `login` and `password` typed into it and the focus in `focused`. */
  function frameTyped(login: string, password: string, focused: 'login' | 'password') {
    document.body.insertAdjacentHTML('afterbegin', '<div id="duka-start"><svg></svg></div>');
    paintLoginFrame(document, WORDS);
    const field = (name: string) =>
      document.querySelector<HTMLInputElement>(`#duka-start input[name="${name}"]`)!;
    field('login').value = login;
    field('password').value = password;
    field(focused).focus();
  }
  afterEach(() => document.getElementById('duka-start')?.remove());

  it('starts from what was typed into the frame, the focus in the same field, and the frame gone', async () => {
    const fetch = signedOutServer();
    frameTyped('wanjiku', 'secr', 'password');
    await renderApp(<LoginPage />, { route: '/login' });
    const password = await screen.findByLabelText(/^Password/);
    expect(document.getElementById('duka-start')).toBeNull();
    expect(screen.getByLabelText(/^Mobile or username/)).toHaveValue('wanjiku');
    expect(password).toHaveValue('secr');
    expect(password).toHaveFocus();
    // and typing goes on where it was
    await userEvent.setup().type(password, 'et-1');
    expect(password).toHaveValue('secret-1');
    expect(fetch.mock.calls.map(([u]) => u).filter((u) => u.includes('/api/auth/login'))).toEqual([]);
  });

  it('signs in at once when the button was pressed in the frame', async () => {
    const fetch = signedOutServer();
    frameTyped('admin', 'secret-1', 'password');
    document.querySelector<HTMLButtonElement>('#duka-start button')!.click();
    await renderApp(<LoginPage />, { route: '/login' });
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([u]) => u.includes('/api/auth/login')).length).toBe(1),
    );
    const [, init] = fetch.mock.calls.find(([u]) => u.includes('/api/auth/login')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(init.body as string)).toEqual({ login: 'admin', password: 'secret-1' });
  });

  it('asks for what is missing when the button was pressed with a field empty', async () => {
    const fetch = signedOutServer();
    frameTyped('wanjiku', '', 'login');
    document.querySelector<HTMLButtonElement>('#duka-start button')!.click();
    await renderApp(<LoginPage />, { route: '/login' });
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile or username/)).toHaveFocus();
    expect(fetch.mock.calls.map(([u]) => u).filter((u) => u.includes('/api/auth/login'))).toEqual([]);
  });
});
