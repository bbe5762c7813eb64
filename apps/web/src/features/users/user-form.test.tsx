import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ROLE_PRESETS } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { SHOP, STALL } from '../../test/locations';
import { UserForm } from './user-form';

/** The API as the form meets it: the locations, and what a new user's POST carried. */
function stubApi(locations: (typeof SHOP)[]) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/api/locations')) return Promise.resolve(Response.json(locations));
      if (url.endsWith('/api/users') && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posted.push(body);
        return Promise.resolve(
          Response.json(
            {
              id: '0190a000-0000-7000-8000-0000000000aa',
              name: body.name,
              username: body.username,
              mobile: null,
              role: 'staff',
              user_roles: body.user_roles,
              img: '',
              home_location_id: body.home_location_id,
              location_ids: body.location_ids,
              active: true,
              created_at: '2026-11-25T10:00:00.000Z',
              updated_at: '2026-11-25T10:00:00.000Z',
            },
            { status: 201 },
          ),
        );
      }
      return Promise.resolve(Response.json({}, { status: 404 }));
    }),
  );
  return posted;
}

const homeInput = () => screen.getAllByLabelText(/^Home location/).find((el) => el.tagName === 'INPUT');

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Akinyi' } });
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'akinyi' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'till-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
}

beforeAll(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('adding a user (issue 16: a new cashier can sell at once)', () => {
  it('starts as a cashier at the only location, and sends both', async () => {
    const posted = stubApi([SHOP]);
    await renderApp(<UserForm user={null} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    expect(
      await screen.findByText(
        'Sells for cash, on credit and by transfer, sees current sales, closes the day.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(homeInput()).toHaveValue('Main shop'), { timeout: 5000 });
    fillAndSubmit();
    await waitFor(() => expect(posted).toHaveLength(1));
    const roles = posted[0]!.user_roles as Record<string, number>;
    expect(
      Object.keys(roles)
        .filter((f) => roles[f] === 1)
        .sort(),
    ).toEqual([...ROLE_PRESETS.cashier].sort());
    expect(posted[0]).toMatchObject({ home_location_id: SHOP.id, location_ids: [SHOP.id] });
  });

  it('a preset sets the switches; a switch changed by hand makes the rights custom', async () => {
    stubApi([SHOP]);
    await renderApp(<UserForm user={null} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    fireEvent.click(await screen.findByText('Storekeeper'));
    expect(screen.getByRole('switch', { name: /receive|supplier/i })).toBeChecked();
    expect(
      screen.getByText('Receives, adds, removes, moves and counts stock; sees the stock report.'),
    ).toBeVisible();
    fireEvent.click(screen.getByText('Manager'));
    for (const s of screen.getAllByRole('switch')) expect(s).toBeChecked();
    fireEvent.click(screen.getAllByRole('switch')[0]!);
    expect(screen.getByText('The rights chosen one by one below.')).toBeVisible();
  });

  it('with several locations, asks where the user works before creating them', async () => {
    const posted = stubApi([SHOP, STALL]);
    await renderApp(<UserForm user={null} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    await screen.findByText('Cashier');
    fillAndSubmit();
    expect(
      await screen.findByText('Choose where this user works: the till sells from their home location.'),
    ).toBeVisible();
    expect(posted).toHaveLength(0);
  });

  it('a short password says "At least 8 characters." once: the error stands in for the hint', async () => {
    const posted = stubApi([SHOP]);
    await renderApp(<UserForm user={null} opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    await waitFor(() => expect(homeInput()).toHaveValue('Main shop'), { timeout: 5000 });
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription('At least 8 characters.');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Akinyi' } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'akinyi' } });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    // PasswordInput marks its inner input data-invalid (no aria-invalid)
    await waitFor(() => expect(password).toHaveAttribute('data-invalid', 'true'));
    expect(screen.getAllByText('At least 8 characters.')).toHaveLength(1);
    expect(password).toHaveAccessibleDescription('At least 8 characters.');
    // long enough again: the error goes and the hint is back
    fireEvent.change(password, { target: { value: 'till-pass-1' } });
    await waitFor(() => expect(password).not.toHaveAttribute('data-invalid'));
    expect(screen.getAllByText('At least 8 characters.')).toHaveLength(1);
    expect(posted).toHaveLength(0);
  });
});
