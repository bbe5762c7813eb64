import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, renderApp } from '../../test/render';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

describe('changing one’s own password', () => {
  it('refuses a new password that is the current one, on the page, and sends nothing', async () => {
    const sent = vi.fn(() => Promise.resolve(Response.json({ ok: true })));
    vi.stubGlobal('fetch', sent);
    await renderApp(<ChangePasswordForm />, { session: makeSession() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'staff-pass-123');
    await user.type(screen.getByLabelText(/^New password/), 'staff-pass-123');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'staff-pass-123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password is the one you have now: choose another.'),
    ).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalledWith('/api/me/password', expect.anything());
  });

  it('refuses a new password that is mostly the user name, on the page, and sends nothing', async () => {
    const sent = vi.fn(() => Promise.resolve(Response.json({ ok: true })));
    vi.stubGlobal('fetch', sent);
    // the session's user name is wanjiku
    await renderApp(<ChangePasswordForm />, { session: makeSession() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Current password/), 'staff-pass-123');
    await user.type(screen.getByLabelText(/^New password/), 'Wanjiku-1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'Wanjiku-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Too easy to guess: it is too close to the user name or the business name.'),
    ).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalledWith('/api/me/password', expect.anything());
  });
});
