/**
 * The sync words load once a status may need them (issue 21): a shop that is not linked, most
 * shops' tills, never loads them; a linked one does, after the status has come.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { useSyncNotices } from './use-sync-notices';
import { UNLINKED, fakeServer, json, localStatus } from './test-fixtures';

const loads = vi.hoisted(() => ({ words: 0 }));
vi.mock('./sync-words', async (original) => {
  loads.words += 1;
  return original();
});

afterEach(() => vi.unstubAllGlobals());

function Count() {
  return <p data-testid="entries">{useSyncNotices().length}</p>;
}

describe("the sync words' code", () => {
  it('is not loaded for a shop that is not linked', async () => {
    const calls = fakeServer({ 'GET /api/sync/status': () => json(UNLINKED) });
    await renderApp(<Count />, { session: makeSession({ role: 'admin' }) });
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(loads.words).toBe(0);
  });

  it('is loaded for a linked one, and its entries show', async () => {
    fakeServer({ 'GET /api/sync/status': () => json(localStatus({ state: 'diverged' })) });
    await renderApp(<Count />, { session: makeSession({ role: 'admin' }) });
    await waitFor(() => expect(screen.getByTestId('entries')).toHaveTextContent('1'));
    expect(loads.words).toBe(1);
  });
});
