import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { TransferPage } from './documents';

// A transfer needs somewhere to send to: with one location the screen says why To is empty.

const location = (id: string, name: string) => ({ id, name, active: true, home_here: true });
const SHOP = location('0190b1a0-0000-7000-8000-0000000000a1', 'Main shop');
const BRANCH = location('0190b1a0-0000-7000-8000-0000000000a2', 'Branch B');

function serve(locations: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(new Response(JSON.stringify(url.startsWith('/api/locations') ? locations : []))),
    ),
  );
}

beforeEach(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a transfer with nowhere to send to', () => {
  it('staff working at one location of two are told an admin can add them to another', async () => {
    serve([SHOP, BRANCH]);
    const s = makeSession({ role: 'staff', flags: ['adding_interlocation'] });
    await renderApp(<TransferPage />, {
      session: { ...s, user: { ...s.user, location_ids: [BRANCH.id], home_location_id: BRANCH.id } },
    });
    expect(await screen.findByTestId('no-destination')).toHaveTextContent(
      'You work at one location only, so there is nowhere to send stock to.',
    );
  });

  it('an admin of a business with one location is told to add another', async () => {
    serve([SHOP]);
    await renderApp(<TransferPage />, {
      session: makeSession({ role: 'admin', flags: ['adding_interlocation'] }),
    });
    expect(await screen.findByTestId('no-destination')).toHaveTextContent(
      'This business has one location only: add another under Locations',
    );
  });

  it('with two locations to choose from, nothing is said', async () => {
    serve([SHOP, BRANCH]);
    await renderApp(<TransferPage />, {
      session: makeSession({ role: 'admin', flags: ['adding_interlocation'] }),
    });
    // once the locations are in, From is filled with the first: To offers the other
    expect(await screen.findByDisplayValue('Main shop')).toBeInTheDocument();
    expect(screen.queryByTestId('no-destination')).not.toBeInTheDocument();
  });
});
