import { Suspense, useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Menu, Modal } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { type PanelProps, lazyPanel } from './lazy-panel';
import { LaterDialog, useFocusKept, useIdleAfter, useLater } from './later-dialog';

afterEach(() => vi.useRealTimers());

function Screen({ steps }: { steps: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open
      </button>
      <LaterDialog opened={opened} after={steps}>
        {(o) => (
          <Modal opened={o} onClose={() => setOpened(false)} title="Pay" transitionProps={{ duration: 0 }}>
            <input aria-label="Amount" data-autofocus />
          </Modal>
        )}
      </LaterDialog>
    </>
  );
}

/** A dialog whose code loads when first opened (the settings panel, the profile dialog). */
function LazyScreen({ Lazy }: { Lazy: React.ComponentType<PanelProps> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        open
      </button>
      <Suspense fallback={null}>
        <LaterDialog opened={opened} after={null}>
          {(o) => <Lazy opened={o} onClose={() => setOpened(false)} />}
        </LaterDialog>
      </Suspense>
    </>
  );
}

/** Renders of a component waiting for 3 idle periods, and what it answered each time. */
function Waiting({ seen }: { seen: boolean[] }) {
  seen.push(useIdleAfter(3));
  return null;
}

describe('dialogs made after the screen (issue 21)', () => {
  it('answers true once the browser has been idle n times, rendering once more then and not at each step', async () => {
    vi.useFakeTimers();
    const seen: boolean[] = [];
    await renderApp(<Waiting seen={seen} />);
    expect(seen).toEqual([false]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(seen).toEqual([false]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(seen).toEqual([false, true]);
  });

  it('closed, is made (closed) once the browser has been idle `after` times, not before', async () => {
    vi.useFakeTimers();
    const seen: boolean[] = [];
    await renderApp(
      <LaterDialog opened={false} after={2}>
        {(o) => {
          seen.push(o);
          return null;
        }}
      </LaterDialog>,
    );
    expect(seen).toEqual([]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(seen).toEqual([]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((o) => !o)).toBe(true);
  });

  it('opened before it was made, is made closed and then opened, and gives the focus back on close', async () => {
    await renderApp(<Screen steps={100} />);
    const open = screen.getByRole('button', { name: 'open' });
    open.focus();
    fireEvent.click(open);
    expect(await screen.findByRole('dialog', { name: 'Pay' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus());
    fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay' })).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('with its code loaded when first opened (after null): not made before, then made closed and opened, and gives the focus back', async () => {
    const seen: boolean[] = [];
    function Pay({ opened, onClose }: PanelProps) {
      seen.push(opened);
      return (
        <Modal opened={opened} onClose={onClose} title="Pay" transitionProps={{ duration: 0 }}>
          <input aria-label="Amount" data-autofocus />
        </Modal>
      );
    }
    const load = vi.fn(() => new Promise<typeof Pay>((resolve) => setTimeout(() => resolve(Pay), 30)));
    await renderApp(<LazyScreen Lazy={lazyPanel(load)} />);
    // idle periods pass: nothing of it is loaded or made
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    const open = screen.getByRole('button', { name: 'open' });
    open.focus();
    fireEvent.click(open);
    expect(await screen.findByRole('dialog', { name: 'Pay' })).toBeInTheDocument();
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveFocus());
    fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pay' })).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('a menu made around its button later: the button alone first, then in the menu, keeping the focus', async () => {
    vi.useFakeTimers();
    function Account() {
      const [opened, setOpened] = useState(false);
      const later = useLater(opened, 1);
      const keep = useFocusKept<HTMLButtonElement>();
      const button = (onClick?: () => void) => (
        <button type="button" ref={keep} onClick={onClick}>
          Account
        </button>
      );
      if (!later.make) return button(() => setOpened(true));
      return (
        <Menu opened={later.opened} onChange={setOpened} transitionProps={{ duration: 0 }}>
          <Menu.Target>{button()}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Log out</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      );
    }
    await renderApp(<Account />);
    const alone = screen.getByRole('button', { name: 'Account' });
    expect(alone).not.toHaveAttribute('aria-controls');
    alone.focus();
    await act(() => vi.advanceTimersToNextTimerAsync());
    const inMenu = screen.getByRole('button', { name: 'Account' });
    // a new element, the menu's target now, and the focus moved to it
    expect(inMenu).not.toBe(alone);
    expect(inMenu).toHaveAttribute('aria-haspopup', 'menu');
    expect(inMenu).toHaveFocus();
  });
});
