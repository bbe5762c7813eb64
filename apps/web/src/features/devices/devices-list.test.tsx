import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Device } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { DevicesList } from './devices-list';

const DAY = 86_400_000;
const device = (name: string, daysAgo: number, status: Device['status'] = 'approved'): Device => ({
  id: `R${name.toUpperCase().replace(/\W/g, '')}`,
  name,
  status,
  first_seen_at: new Date(Date.now() - 400 * DAY).toISOString(),
  last_seen_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
  last_user_id: null,
  last_user_name: null,
});

describe('the devices list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts away the devices not seen for 90 days under a button, never one waiting for approval', async () => {
    const devices = [
      device('Front till', 0),
      device('Back office', 89),
      device('New tablet', 200, 'pending'),
      device('Old laptop', 91),
      device('Cleared browser', 365, 'blocked'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(devices))),
    );
    await renderApp(<DevicesList />, { session: makeSession() });
    for (const name of ['Front till', 'Back office', 'New tablet'])
      expect((await screen.findAllByDisplayValue(name)).length).toBeGreaterThan(0);
    expect(screen.queryByDisplayValue('Old laptop')).toBeNull();
    expect(screen.queryByDisplayValue('Cleared browser')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 devices not seen for 90 days' }));
    for (const name of ['Old laptop', 'Cleared browser'])
      expect((await screen.findAllByDisplayValue(name)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the devices not seen lately' }));
    expect(screen.queryByDisplayValue('Old laptop')).toBeNull();
  });

  it('shows no button when every device was seen lately', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json([device('Front till', 3)]))),
    );
    await renderApp(<DevicesList />, { session: makeSession() });
    expect((await screen.findAllByDisplayValue('Front till')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /not seen/ })).toBeNull();
  });
});
