import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SyncStatusView } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { SyncIndicator } from './sync-indicator';
import { UNLINKED, ago, fakeServer, hostedStatus, json, localStatus, syncServer } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

async function showWith(status: SyncStatusView) {
  const calls = fakeServer({ 'GET /api/sync/status': () => json(status) });
  await renderApp(<SyncIndicator />, { session: makeSession({ role: 'admin' }) });
  return calls;
}

describe('the header sync indicator', () => {
  it('is green when linked and caught up, and says so', async () => {
    await showWith(localStatus());
    const light = await screen.findByTestId('sync-indicator');
    expect(light).toHaveAttribute('data-health', 'ok');
    expect(light).toHaveStyle({ '--ai-color': 'var(--mantine-color-teal-light-color)' });
    expect(light).toHaveAccessibleName('Sync is up to date: everything is sent; last sent 2 minutes ago.');
    expect(light).toHaveAttribute('href', '/profile#sync');
  });

  it('is amber while copying', async () => {
    await showWith(localStatus({ state: 'copying', cursor: 18_211, head: 61_000 }));
    const light = await screen.findByTestId('sync-indicator');
    expect(light).toHaveAttribute('data-health', 'busy');
    expect(light).toHaveStyle({ '--ai-color': 'var(--mantine-color-yellow-light-color)' });
    expect(light).toHaveAccessibleName(
      "Sync is catching up: copying the shop's history: 18,211 of 61,000 changes.",
    );
  });

  it('is red when failing for over an hour, or when a shop server stopped', async () => {
    await showWith(localStatus({ failing_since: ago(2 * 3600_000) }));
    const light = await screen.findByTestId('sync-indicator');
    expect(light).toHaveAttribute('data-health', 'alert');
    expect(light).toHaveStyle({ '--ai-color': 'var(--mantine-color-red-light-color)' });
    expect(light).toHaveAccessibleName(/^Sync needs attention: sending has been failing since /);
  });

  it('on the hosted site, names the shop server that stopped', async () => {
    await showWith(hostedStatus({ servers: [syncServer({ state: 'diverged' })] }));
    const light = await screen.findByTestId('sync-indicator');
    expect(light).toHaveAttribute('data-health', 'alert');
    expect(light).toHaveAccessibleName('Sync needs attention: Shop PC has stopped sending (Records differ).');
  });

  it('is absent when not linked', async () => {
    const calls = await showWith(UNLINKED);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('sync-indicator')).not.toBeInTheDocument();
  });

  it('asks nothing for a user who is not an admin', async () => {
    const calls = fakeServer({ 'GET /api/sync/status': () => json(localStatus()) });
    await renderApp(<SyncIndicator />, { session: makeSession({ role: 'staff' }) });
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
    expect(screen.queryByTestId('sync-indicator')).not.toBeInTheDocument();
  });

  it('stops asking, quietly, when the server says no', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json({ error: { code: 'forbidden', message: 'no' } }, 403),
    });
    await renderApp(<SyncIndicator />, { session: makeSession({ role: 'admin' }) });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('sync-indicator')).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
