import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { StorageCard } from '../storage';
import { AppLayout } from './app-layout';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function server(storage: { disk_full_since: string | null; free_bytes: number | null }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/storage/status'
          ? json(storage)
          : json({ error: { code: 'not_found', message: 'no' } }, 404),
      ),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a full disk', () => {
  it('marks the bell and says so in the notifications panel, to a cashier too', async () => {
    server({ disk_full_since: new Date().toISOString(), free_bytes: 0 });
    await renderApp(<AppLayout />, { session: makeSession({ role: 'staff' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications: 1 needs attention' }));
    const entry = await screen.findByTestId('notice-disk-full');
    expect(entry).toHaveTextContent("The shop computer's disk is full");
    expect(entry).toHaveTextContent(/sales and changes cannot be saved\. Free some space/);
    expect(screen.queryByText('Nothing needs your attention')).not.toBeInTheDocument();
  });

  it("is on the business profile's disk card, with the room left; and all clear once it is over", async () => {
    server({ disk_full_since: new Date().toISOString(), free_bytes: 2_500_000_000 });
    const { unmount } = await renderApp(<StorageCard />, { session: makeSession({ role: 'admin' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent("The shop computer's disk is full");
    expect(screen.getByText('2.5 GB free on the disk of the data folder.')).toBeVisible();
    unmount();
    server({ disk_full_since: null, free_bytes: 12_400_000 });
    await renderApp(<StorageCard />, { session: makeSession({ role: 'admin' }) });
    expect(await screen.findByText('Sales and changes are being saved normally.')).toBeVisible();
    expect(screen.getByText('12 MB free on the disk of the data folder.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
