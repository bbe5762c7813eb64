import { act, render, screen } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setServerMode } from '../lib/api-client';
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

describe("the app providers: Mantine's theme", () => {
  it('write no style as the app starts: the theme is a style file (theme-vars.css)', async () => {
    render(
      <AppProviders i18n={await testI18n()} queryClient={createQueryClient()}>
        <p>the page</p>
      </AppProviders>,
    );
    expect(screen.getByText('the page')).toBeInTheDocument();
    // MantineProvider would render its variables and its breakpoints' classes as two <style>s
    expect(
      document.querySelectorAll('style[data-mantine-styles]:not([data-mantine-styles="inline"])'),
    ).toHaveLength(0);
  });
});

describe('the app providers: toasts whose code does not arrive', () => {
  afterEach(() => {
    vi.doUnmock('@mantine/notifications');
    vi.resetModules();
  });

  it('leave the page rendered (offline, not cached): no toast, no error', async () => {
    vi.resetModules();
    vi.doMock('@mantine/notifications', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { AppProviders: Providers, createQueryClient: client } = await import('./providers');
    const notify = await import('../lib/notify');
    const { setupI18n } = await import('../lib/i18n');
    const i18n = await setupI18n({ en: { translation: {} } }, 'en');
    render(
      <Providers i18n={i18n} queryClient={client()}>
        <p>the page</p>
      </Providers>,
    );
    act(() => notify.notifySuccess('Saved at once'));
    await act(async () => {
      await expect(notify.loadToasts()).rejects.toThrow();
    });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('Saved at once')).not.toBeInTheDocument();
    // The next toast tries again, and fails again: still the page.
    act(() => notify.notifySuccess('Saved again'));
    await act(() => notify.loadToasts().catch(() => undefined));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('the page')).toBeInTheDocument();
  });
});

// The QA: a payment recorded, the dashboard opened again from the menu showed the debt before it
// for up to 30 s (its figures were kept as fresh); so did the reports after a sale.
describe('the app providers: reads kept across a write', () => {
  it('a read cached before this page wrote is read again when next asked for; one read after it is kept', async () => {
    setServerMode('local');
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } })),
      ),
    );
    try {
      const qc = createQueryClient();
      let n = 0;
      const read = () =>
        qc.fetchQuery({ queryKey: ['reports', 'dashboard'], queryFn: () => Promise.resolve(++n) });
      expect(await read()).toBe(1);
      expect(await read()).toBe(1);
      await api('/api/debtors/x/payments', { method: 'POST', body: {} });
      expect(await read()).toBe(2);
      expect(await read()).toBe(2);
      // a read is not a write
      await api('/api/debtors');
      expect(await read()).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
