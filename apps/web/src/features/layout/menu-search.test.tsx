import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { MenuSearch } from './menu-search';
import { useMenuSearchEntries } from './use-menu';
import type * as UseMenu from './use-menu';

vi.mock('./use-menu', async (actual) => {
  const real = await actual<typeof UseMenu>();
  return { ...real, useMenuSearchEntries: vi.fn(real.useMenuSearchEntries) };
});

describe('navbar search (seed spec §2)', () => {
  it('opens from its button, finds menu entries, and clears and closes on Escape', async () => {
    await renderApp(<MenuSearch />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const input = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'debt' } });
    expect(await screen.findByText('Debtors')).toBeInTheDocument();
    expect(screen.getByText('Make a sale › Debtor')).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('combobox', { name: 'Search' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('');
  });

  it('only finds what the user may open', async () => {
    await renderApp(<MenuSearch />, { session: makeSession({ role: 'staff', flags: ['sell_cash'] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    const input = await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'user' } });
    expect(screen.queryByText('User accounts')).not.toBeInTheDocument();
  });

  it('closed, is only its button: the menu is not translated for it until it opens', async () => {
    vi.mocked(useMenuSearchEntries).mockClear();
    await renderApp(<MenuSearch />, { session: makeSession({ role: 'admin' }) });
    await screen.findByRole('button', { name: 'Search' });
    expect(useMenuSearchEntries).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('combobox', { name: 'Search' });
    expect(useMenuSearchEntries).toHaveBeenCalled();
  });
});
