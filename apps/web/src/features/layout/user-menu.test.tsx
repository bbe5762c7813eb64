import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { UserMenu } from './user-menu';

describe("the navbar's user menu (issue 21)", () => {
  it('is its button alone at first, and a click then opens the menu, made around the button', async () => {
    const onEditProfile = vi.fn();
    await renderApp(<UserMenu onEditProfile={onEditProfile} />, { session: makeSession({ role: 'admin' }) });
    const button = screen.getByRole('button', { name: /Account menu for/ });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    button.focus();
    fireEvent.click(button);
    const menu = await screen.findByRole('menu');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(onEditProfile).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(menu).not.toBeInTheDocument());
  });

  it('is not made before it is first opened: its code loads then (issue 21)', async () => {
    await renderApp(<UserMenu onEditProfile={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    const alone = screen.getByRole('button', { name: /Account menu for/ });
    // idle periods pass (the browser's idle callbacks, or their stand-in timers here)
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: /Account menu for/ })).toBe(alone);
    expect(alone).not.toHaveAttribute('aria-expanded');
  });

  it('ArrowDown or ArrowUp on the button of the open menu goes to its first or last item (a key pressed before the menu took the focus is not lost)', async () => {
    await renderApp(<UserMenu onEditProfile={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    screen.getByRole('button', { name: /Account menu for/ }).focus();
    fireEvent.click(screen.getByRole('button', { name: /Account menu for/ }));
    await screen.findByRole('menu');
    // the focus still on the button, as when the key comes before the menu's focus trap takes it
    const button = screen.getByRole('button', { name: /Account menu for/ });
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus());
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus());
  });

  it("an arrow pressed before the menu's focus trap took the focus keeps its item when the trap focuses the menu later (seen in CI)", async () => {
    await renderApp(<UserMenu onEditProfile={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
    });
    screen.getByRole('button', { name: /Account menu for/ }).focus();
    fireEvent.click(screen.getByRole('button', { name: /Account menu for/ }));
    const menu = await screen.findByRole('menu');
    const button = screen.getByRole('button', { name: /Account menu for/ });
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const logout = screen.getByRole('menuitem', { name: 'Logout' });
    await waitFor(() => expect(logout).toHaveFocus());
    // the trap's timer, set again as floating-ui placed the dropdown, runs after the item was focused
    menu.querySelector<HTMLElement>('[data-autofocus]')!.focus();
    expect(logout).toHaveFocus();
  });
});
