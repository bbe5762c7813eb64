import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { SyncStatusView } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { useSyncNotices } from './use-sync-notices';
import { UNLINKED, fakeServer, json, localStatus } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

function Notices() {
  const notices = useSyncNotices();
  return (
    <ul data-testid="notices">
      {notices.map((n) => (
        <li key={n.id}>{n.text}</li>
      ))}
    </ul>
  );
}

async function showWith(status: SyncStatusView) {
  const calls = fakeServer({ 'GET /api/sync/status': () => json(status) });
  await renderApp(<Notices />, { session: makeSession({ role: 'admin' }) });
  return calls;
}

// the words load after the status (not with the till's start): the entries arrive once they have
describe("the notifications panel's sync entries", () => {
  it('name a revoked link, though it is no longer linked', async () => {
    await showWith({ ...UNLINKED, state: 'revoked' });
    expect(await screen.findByText("This PC's link was revoked")).toBeInTheDocument();
  });

  it('name records that differ, and a clock that is off', async () => {
    await showWith(localStatus({ state: 'diverged', clock_skew_ms: -3 * 3600_000 }));
    expect(await screen.findByText("This PC's records differ from the hosted copy")).toBeInTheDocument();
    expect(screen.getByText(/^This PC's clock is off by 3 hr/)).toBeInTheDocument();
  });
});
