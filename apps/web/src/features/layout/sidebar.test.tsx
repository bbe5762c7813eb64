import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT } from '../../lib/prefs';
import { makeSession, renderApp } from '../../test/render';
import { Sidebar } from './sidebar';

const props = {
  small: false,
  open: false,
  logoSrc: '/x.svg',
  onToggleCollapsed: () => undefined,
  onClose: () => undefined,
};

describe('sidebar (seed spec §2, §4)', () => {
  it('cuts the shop name to 13 characters', async () => {
    await renderApp(<Sidebar config={DEFAULT_LAYOUT} {...props} />, {
      session: makeSession({ shop: 'Mama Mboga Supermarket' }),
    });
    expect(await screen.findByText('Mama Mboga Su')).toBeInTheDocument();
  });

  it('opens one group at a time', async () => {
    await renderApp(<Sidebar config={DEFAULT_LAYOUT} {...props} />, {
      session: makeSession({ role: 'admin' }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const group = (label: string) => within(nav).getByText(label).closest('.mantine-NavLink-root')!;
    fireEvent.click(group('Add Stock'));
    expect(group('Add Stock')).toHaveAttribute('data-expanded');
    fireEvent.click(group('Make a sale'));
    expect(group('Make a sale')).toHaveAttribute('data-expanded');
    expect(group('Add Stock')).not.toHaveAttribute('data-expanded');
    fireEvent.click(group('Make a sale'));
    expect(group('Make a sale')).not.toHaveAttribute('data-expanded');
  });

  it('collapsed, expands while hovered and collapses on leave', async () => {
    await renderApp(<Sidebar config={{ ...DEFAULT_LAYOUT, sidebarCollapsed: true }} {...props} />, {
      session: makeSession({ role: 'admin' }),
    });
    const aside = await screen.findByTestId('sidebar');
    expect(aside).toHaveAttribute('data-collapsed');
    expect(aside).not.toHaveAttribute('data-expanded');
    expect(screen.queryByText('Mama Mboga Su')).not.toBeInTheDocument();
    fireEvent.mouseEnter(aside);
    expect(aside).toHaveAttribute('data-expanded');
    expect(screen.getByText('Mama Mboga Su')).toBeInTheDocument();
    fireEvent.mouseLeave(aside);
    expect(aside).not.toHaveAttribute('data-expanded');
  });

  it('as a closed overlay, makes its menu only when first opened, then keeps it', async () => {
    function Overlay() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            toggle
          </button>
          <Sidebar config={DEFAULT_LAYOUT} {...props} small open={open} />
        </>
      );
    }
    await renderApp(<Overlay />, { session: makeSession({ role: 'admin' }) });
    const menu = () => screen.queryByRole('navigation', { name: 'Main menu', hidden: true });
    expect(await screen.findByTestId('sidebar')).not.toHaveAttribute('data-open');
    expect(menu()).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('toggle'));
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-open');
    expect(menu()).toBeInTheDocument();
    fireEvent.click(screen.getByText('toggle'));
    expect(screen.getByTestId('sidebar')).not.toHaveAttribute('data-open');
    expect(menu()).toBeInTheDocument();
  });
});
