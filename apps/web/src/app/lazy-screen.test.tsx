import { Suspense, useEffect, useState } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { type LazyScreen, lazyScreen, preloadMatched } from './lazy-screen';
import { routes } from './router';
import { ScreenErrorBoundary } from './screen-error-boundary';

afterEach(() => vi.restoreAllMocks());

function Hello() {
  return <p>Hello screen</p>;
}

/** Every lazy screen of the routes, with the path of its route. */
function lazyScreens(list: RouteObject[], out = new Map<LazyScreen, string>()): Map<LazyScreen, string> {
  for (const r of list) {
    const s = (r.handle as { screen?: LazyScreen } | undefined)?.screen;
    if (s) out.set(s, r.path ?? '(layout)');
    if (r.children) lazyScreens(r.children, out);
  }
  return out;
}

describe('lazy screens', () => {
  it('load once, whether preloaded or rendered first', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Screen = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    await Screen.preload();
    await renderApp(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('Hello screen')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loaded before its first render, renders at once: no fallback shown, so no reveal for React to hold back', async () => {
    let fallbacks = 0;
    function Fallback() {
      fallbacks += 1;
      return <p>loading</p>;
    }
    const Screen = lazyScreen(() => Promise.resolve(Hello));
    await Screen.preload();
    await renderApp(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Hello screen')).toBeVisible();
    expect(fallbacks).toBe(0);
  });

  it('rendered before its code arrived, stays the same component once it has (not mounted anew)', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>Counted screen</p>;
    }
    let arrive = (_: typeof Counted) => {};
    const Screen = lazyScreen(() => new Promise<typeof Counted>((resolve) => (arrive = resolve)));
    function Parent() {
      const [n, setN] = useState(0);
      return (
        <>
          <button onClick={() => setN(n + 1)}>again {n}</button>
          <Suspense fallback="loading">
            <Screen />
          </Suspense>
        </>
      );
    }
    await renderApp(<Parent />);
    arrive(Counted);
    expect(await screen.findByText('Counted screen')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'again 0' }));
    expect(await screen.findByRole('button', { name: 'again 1' })).toBeVisible();
    expect(screen.getByText('Counted screen')).toBeVisible();
    expect(mounts).toBe(1);
  });

  it('try again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Hello);
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toThrow('offline');
    await expect(Screen.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('at start, the signed-in shell and the screen of the address load, and no other', async () => {
    const all = lazyScreens(routes);
    const started: string[] = [];
    for (const [s, path] of all)
      vi.spyOn(s, 'preload').mockImplementation(() => {
        started.push(path);
        return Promise.resolve(Hello);
      });
    await preloadMatched(routes, '/cash-sale');
    expect(started).toEqual(['(layout)', '/cash-sale']);
    started.length = 0;
    await preloadMatched(routes, '/login');
    expect(started).toEqual([]);
  });

  it('a screen whose code does not arrive shows a page that says so, with a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await renderApp(
      <ScreenErrorBoundary>
        <Suspense fallback="loading">
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'This screen could not be loaded' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
