import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { TillPage } from './till-page';

const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** A business with no products yet: the till says what to do, and only sends there who may go. */
describe('the till of a business with no products', () => {
  const at = (role: string, flags: string[]) => {
    const s = makeSession({ role, flags });
    return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
  };
  const open = async (session: ReturnType<typeof at>) => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          json(
            url.startsWith('/api/locations')
              ? [{ id: LOC, name: 'Main shop', active: true, home_here: true }]
              : [],
          ),
        ),
      ),
    );
    await renderApp(<TillPage kind="cash" />, { session });
  };

  it('tells a cashier to ask the owner (was: "add them in Manage Stock", which they cannot open)', async () => {
    await open(at('staff', ['sell_cash']));
    expect(await screen.findByText('No products yet. Ask the owner or an admin to add them.')).toBeVisible();
    expect(screen.queryByText(/Manage Stock/)).toBeNull();
  });

  it('sends an admin to Manage Stock', async () => {
    await open(at('admin', []));
    expect(await screen.findByText('No products yet — add them in Manage Stock.')).toBeVisible();
  });
});
