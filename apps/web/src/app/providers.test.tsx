import { act, render, screen } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifySuccess } from '../lib/notify';
import { testI18n } from '../test/render';
import { AppProviders, createQueryClient } from './providers';

afterEach(() => act(() => cleanNotifications()));

describe('the app providers: toasts (issue 21)', () => {
  it('mount the toasts only with the first toast, and show a toast raised before they arrived', async () => {
    const i18n = await testI18n();
    render(
      <AppProviders i18n={i18n} queryClient={createQueryClient()}>
        <p>the page</p>
      </AppProviders>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    // Nothing of the toasts' component on a page that shows none (the sign-in page's first load).
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notifySuccess('Saved at once'));
    expect(await screen.findByText('Saved at once')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
