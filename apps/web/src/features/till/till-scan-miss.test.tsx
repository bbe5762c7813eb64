import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeSession, renderApp } from '../../test/render';
import { product } from '../../test/products';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const sugar = product({
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  levels: [{ location_id: LOC, quantity: 9000 }],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server that knows sugar's barcode alone: any other code finds nothing. */
function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/locations'))
        return Promise.resolve(json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]));
      if (url.startsWith('/api/products')) {
        const q = new URL(url, 'http://duka.test').searchParams.get('q');
        return Promise.resolve(json(q === sugar.barcodes[0] ? [sugar] : []));
      }
      if (url === '/api/work-drafts') return Promise.resolve(json([]));
      return Promise.resolve(json({ error: { code: 'not_found', message: 'no' } }, 404));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a scan that found nothing', () => {
  it('stays in view selected, so the next scan replaces it rather than being added to its end', async () => {
    server();
    const s = makeSession({ flags: ['sell_cash'] });
    await renderApp(<TillPage kind="cash" />, {
      session: { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } },
    });
    const user = userEvent.setup();
    const search = await screen.findByTestId('till-search');
    await user.click(search);
    await user.keyboard('999999999999{Enter}');
    expect(await screen.findByText(/No product matches “999999999999”/)).toBeVisible();
    expect(search).toHaveValue('999999999999');
    await waitFor(() => expect((search as HTMLInputElement).selectionEnd).toBe(12));
    expect((search as HTMLInputElement).selectionStart).toBe(0);
    await user.keyboard(`${sugar.barcodes[0]}{Enter}`);
    expect(await screen.findByRole('group', { name: 'Sugar 1 kg' })).toBeVisible();
    expect(search).toHaveValue('');
  });
});
