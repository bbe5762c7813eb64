import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { useFullscreenDocument } from '@mantine/hooks';
import type { Notifications } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { Navbar } from './navbar';
import type * as MantineHooks from '@mantine/hooks';

vi.mock('@mantine/hooks', async (actual) => {
  const real = await actual<typeof MantineHooks>();
  return { ...real, useFullscreenDocument: vi.fn(real.useFullscreenDocument) };
});

const notes: Notifications = {
  low_stock: 3,
  negative_stock: 1,
  debtors_over_limit: 0,
  duplicate_references: 0,
  unconfirmed_transfers: 0,
  days_not_closed: [],
  days_changed_after_close: [],
  backup_failing: null,
  devices_waiting: 0,
  replaced_values: 0,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

const none = () => undefined;

describe('the navbar (issue 21)', () => {
  it('counts what needs attention on the bell, and the answers arriving render the bell alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/notifications'
            ? json(notes)
            : json({ error: { code: 'not_found', message: 'no' } }, 404),
        ),
      ),
    );
    vi.mocked(useFullscreenDocument).mockClear();
    await renderApp(
      <Navbar
        small={false}
        showLogo={false}
        logoSrc="/x.svg"
        sidebarOpen={false}
        scrolled={false}
        fixed
        onToggleSidebar={none}
        onToggleNotifications={none}
        onEditProfile={none}
        onOpenSettings={none}
      />,
      { session: makeSession({ role: 'admin' }) },
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications: 2 need attention' }),
    ).toBeInTheDocument();
    // the navbar itself rendered once (the fullscreen toggle's hook is called by it alone)
    expect(vi.mocked(useFullscreenDocument).mock.calls.length).toBe(1);
  });
});
