import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { type PanelProps, lazyOrNothing, lazyPanel } from './lazy-panel';

function Panel({ opened, onClose }: PanelProps) {
  return opened ? (
    <div role="dialog" aria-label="Panel">
      <button onClick={onClose}>Close</button>
    </div>
  ) : null;
}

function Harness({ Lazy }: { Lazy: React.ComponentType<PanelProps> }) {
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  // the panel rendered from its first opening on (app-layout.tsx does it with LaterDialog after={null})
  if (opened && !shown) setShown(true);
  return (
    <>
      <button onClick={() => setOpened(true)}>Open</button>
      <span>{opened ? 'open' : 'closed'}</span>
      <Suspense fallback={null}>
        {shown && <Lazy opened={opened} onClose={() => setOpened(false)} />}
      </Suspense>
    </>
  );
}

describe('a panel loaded when first shown', () => {
  it('whose code does not arrive: says so, counts as closed, and loads at the next opening', async () => {
    const load = vi
      .fn<() => Promise<typeof Panel>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Panel);
    const Lazy = lazyPanel(load);
    await renderApp(<Harness Lazy={Lazy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(
      await screen.findByText(
        "This could not be opened: the shop's server may be unreachable. Try again in a moment.",
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(await screen.findByText('closed')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Panel' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('made around its element (a menu) whose code does not arrive: the element stays in its place', async () => {
    const load = vi
      .fn<() => Promise<typeof Panel>>()
      .mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const Lazy = lazyPanel(load);
    function Menu() {
      const [opened, setOpened] = useState(true);
      return (
        <Suspense fallback={null}>
          <Lazy opened={opened} onClose={() => setOpened(false)} fallback={<button>Account</button>} />
        </Suspense>
      );
    }
    await renderApp(<Menu />);
    expect((await screen.findAllByText(/This could not be opened/, {}, { timeout: 5000 }))[0]).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Account' })).toBeVisible();
  });

  it('asks for its code before it is shown when told to (preload), then shows as before', async () => {
    const load = vi.fn<() => Promise<typeof Panel>>().mockResolvedValue(Panel);
    const Lazy = lazyPanel(load);
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await renderApp(<Harness Lazy={Lazy} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeVisible();
  });
});

describe('a part a screen does without, loaded when first rendered', () => {
  it('whose code does not arrive shows nothing, and the screen stays', async () => {
    const Part = lazyOrNothing<{ label: string }>(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    await renderApp(
      <>
        <p>The screen</p>
        <Suspense fallback={<span>loading</span>}>
          <Part label="a hint" />
        </Suspense>
      </>,
    );
    expect(await screen.findByText('The screen')).toBeVisible();
    await expect.poll(() => screen.queryByText('loading')).toBeNull();
    expect(screen.queryByText('a hint')).not.toBeInTheDocument();
  });
});
