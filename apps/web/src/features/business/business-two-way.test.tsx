import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFonts } from '../../test/history-fixtures';
import { businessOf, fakeProfileServer } from '../../test/business';
import { makeSession, renderApp } from '../../test/render';
import { BusinessProfilePage } from './business-profile-page';

/**
 * Two-way sync sells on the hosted site, which is working online as well as offline: while it is
 * on, "work both online and offline" shows on and cannot be switched off (the server keeps it on;
 * the form used to let it flip off, save "saved", and show it on again).
 */

const session = makeSession({ role: 'admin' });

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe('two-way sync and "work both online and offline"', () => {
  it('turning two-way sync on shows the other switch on, greyed out with why, and saves both on', async () => {
    const saves = fakeProfileServer({
      ...businessOf(session.business.id),
      online_offline: 0,
      two_way_sync: false,
    });
    await renderApp(<BusinessProfilePage />, { session });
    const online = await screen.findByRole('switch', { name: /Work both online and offline/ });
    expect(online).not.toBeChecked();
    expect(online).toBeEnabled();
    await userEvent.click(screen.getByRole('switch', { name: /Two-way sync/ }));
    const held = screen.getByRole('switch', { name: /Work both online and offline/ });
    expect(held).toBeChecked();
    expect(held).toBeDisabled();
    expect(
      screen.getByText('On while two-way sync is on: selling on the hosted site is working online.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ online_offline: 1, two_way_sync: true });
  });
});
