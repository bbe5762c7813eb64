import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { SyncSection } from './sync-section';
import { UNLINKED, ago, fakeServer, json, localStatus } from './test-fixtures';

const admin = () => makeSession({ role: 'admin' });

afterEach(() => vi.unstubAllGlobals());

function fill(url: string, code: string) {
  fireEvent.change(screen.getByLabelText(/Hosted site address/), { target: { value: url } });
  fireEvent.change(screen.getByLabelText(/Link code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Link' }));
}

describe('the sync section, on a shop PC', () => {
  it('links with the address and the code as the server compares it, then shows the copy', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json(UNLINKED),
      'POST /api/sync/link': () => json(localStatus({ state: 'copying', cursor: 18_211, head: 61_000 })),
    });
    await renderApp(<SyncSection />, { session: admin() });
    await screen.findByRole('form', { name: 'Link to a hosted site' });
    // the name the hosted site lists this PC by (left empty: the computer's own)
    fireEvent.change(screen.getByLabelText(/Name of this PC/), { target: { value: ' Front counter ' } });
    fill(' https://duka.example ', '7kq4-m2xd');
    expect(await screen.findByText('Copying: 18,211 of 61,000 changes')).toBeVisible();
    expect(calls.find((c) => c.route === 'POST /api/sync/link')?.body).toEqual({
      hosted_url: 'https://duka.example',
      code: '7KQ4M2XD',
      name: 'Front counter',
    });
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeVisible();
  });

  it('says what is wrong before asking, and words a refusal with the name the server gave', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json(UNLINKED),
      'POST /api/sync/link': () =>
        json(
          {
            error: {
              code: 'link_username_taken',
              message: 'taken',
              params: { username: 'wanjiku' },
            },
          },
          409,
        ),
    });
    await renderApp(<SyncSection />, { session: admin() });
    await screen.findByRole('form', { name: 'Link to a hosted site' });
    fill('duka.example', '7KQ4');
    expect(await screen.findByText(/Enter the hosted site's address/)).toBeVisible();
    expect(screen.getByText(/A link code has 8 letters and digits/)).toBeVisible();
    expect(calls.some((c) => c.route === 'POST /api/sync/link')).toBe(false);

    fill('https://duka.example', '7KQ4M2XD');
    const words = await screen.findByText(
      /^The user name wanjiku belongs to another business on the hosted server\./,
    );
    expect(words.closest('[role="alert"]')).not.toBeNull();
  });

  it('puts an insecure address on its field', async () => {
    fakeServer({
      'GET /api/sync/status': () => json(UNLINKED),
      'POST /api/sync/link': () => json({ error: { code: 'sync_insecure_url', message: 'https' } }, 422),
    });
    await renderApp(<SyncSection />, { session: admin() });
    await screen.findByRole('form', { name: 'Link to a hosted site' });
    fill('http://duka.example', '7KQ4M2XD');
    await waitFor(() =>
      expect(screen.getByLabelText(/Hosted site address/)).toHaveAccessibleDescription(
        'The hosted address must start with https://.',
      ),
    );
  });

  it('words the linked state: last sent, waiting with the oldest sale, the clock, failing', async () => {
    fakeServer({
      'GET /api/sync/status': () =>
        json(
          localStatus({
            waiting: { entries: 3, documents: 2 },
            oldest_unsynced_sale_at: ago(5 * 60_000),
            clock_skew_ms: -(3 * 3600_000 + 2 * 60_000),
            failing_since: ago(20 * 60_000),
            last_error: { code: 'sync_unreachable', at: ago(60_000) },
          }),
        ),
    });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByText('Last sent 2 minutes ago')).toBeVisible();
    expect(screen.getByTestId('sync-waiting')).toHaveTextContent(
      /^3 changes waiting, the oldest sale from \d/,
    );
    expect(screen.getByText("This PC's clock is 3 hr 2 min behind the hosted site")).toBeVisible();
    expect(screen.getByText(/Sending has been failing since/)).toBeVisible();
    expect(screen.getByText(/The hosted server did not answer/)).toBeVisible();
    expect(screen.getByTestId('sync-health')).toHaveTextContent('Sync is catching up');
  });

  it('says all is sent without calling the copy up to date while the hosted site holds records aside', async () => {
    fakeServer({ 'GET /api/sync/status': () => json(localStatus({ quarantine_open: 3 })) });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByText('The hosted site set aside 3 records')).toBeVisible();
    expect(
      screen.getByText(
        'Nothing is waiting: everything was sent, and the hosted site set aside what is listed below.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/the hosted copy is up to date/)).toBeNull();
  });

  it('says why sending waits when the hosted site answers no more user names this hour', async () => {
    fakeServer({
      'GET /api/sync/status': () =>
        json(
          localStatus({
            waiting: { entries: 4, documents: 4 },
            failing_since: ago(60_000),
            last_error: { code: 'sync_names_limited', at: ago(60_000) },
          }),
        ),
    });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByText(/checked as many new user names as it allows in an hour/)).toBeVisible();
  });

  it('explains a diverged PC, and unlinks only after the confirmation', async () => {
    const calls = fakeServer({
      'GET /api/sync/status': () => json(localStatus({ state: 'diverged' })),
      'POST /api/sync/unlink': () => json(UNLINKED),
    });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByText("This PC's records differ from the hosted copy")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink from the hosted site?' });
    expect(calls.some((c) => c.route === 'POST /api/sync/unlink')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('form', { name: 'Link to a hosted site' })).toBeVisible();
    expect(calls.some((c) => c.route === 'POST /api/sync/unlink')).toBe(true);
  });

  it('shows the series this PC numbers in, kept after an unlink, and what it set aside itself', async () => {
    const here = {
      id: '0190b1a0-0000-7000-8000-0000000000d9',
      doc_type: 'sale',
      doc_id: '0190b1a0-0000-7000-8000-0000000000c9',
      reason: 'receipt_taken',
      server_id: '0190b1a0-0000-7000-8000-0000000000aa',
      server_name: '',
      label: 'B000004',
      diff: [],
      first_seen_at: ago(3600_000),
      last_seen_at: ago(60_000),
      seen_count: 1,
    };
    fakeServer({
      'GET /api/sync/status': () => json(localStatus({ series: 'B', quarantine_here: 1 })),
      'GET /api/sync/quarantine': () => json({ items: [here] }),
    });
    const { unmount } = await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByTestId('local-series')).toHaveTextContent(
      'This PC numbers its receipts B000001, B000002, …',
    );
    const card = await screen.findByTestId(`quarantine-${here.id}`);
    expect(card).toHaveTextContent('B000004');
    expect(card).toHaveTextContent('Its receipt number belongs to another document of the business here');
    expect(card).not.toHaveTextContent('From');
    expect(screen.getByText(/Records received from the hosted site that this PC set aside/)).toBeVisible();
    // The heading counts it as something to look at.
    expect(screen.getByTestId('sync-health')).toHaveTextContent('1 record set aside in quarantine');
    unmount();

    vi.unstubAllGlobals();
    fakeServer({ 'GET /api/sync/status': () => json({ ...UNLINKED, series: 'B' }) });
    await renderApp(<SyncSection />, { session: admin() });
    expect(await screen.findByTestId('local-series')).toHaveTextContent(
      'This PC goes on numbering its receipts B000001, B000002, …',
    );
  });
});
