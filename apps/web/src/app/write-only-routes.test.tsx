import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeSession, renderApp } from '../test/render';
import { routes } from './router';
import type { LazyScreen } from './lazy-screen';

afterEach(() => vi.unstubAllGlobals());

function find(list: RouteObject[], path: string): RouteObject | undefined {
  for (const r of list) {
    if (r.path === path) return r;
    const inner = r.children && find(r.children, path);
    if (inner) return inner;
  }
  return undefined;
}

async function screenOf(path: string): Promise<ComponentType> {
  const screen = (find(routes, path)?.handle as { screen?: LazyScreen } | undefined)?.screen;
  if (!screen) throw new Error(`no lazy route ${path}`);
  return screen.preload();
}

const ALL_FLAGS = [
  'adding_supplier_stock',
  'adding_stock_positive',
  'adding_stock_negative',
  'adding_interlocation',
  'stock_taking',
];

describe('screens that only write, on a hosted copy kept by the shop PC (ADR 11 §8)', () => {
  it.each([
    ['/addsupplierstock', 'Add Stock › From supplier'],
    ['/stock-positive', 'Add Stock › Add stock'],
    ['/stock-negative', 'Add Stock › Remove stock'],
    ['/inter-location', 'Add Stock › Location to location'],
    ['/stock-taking', 'Stock taking'],
  ])('%s says to do it on the shop PC instead of showing the form', async (path, title) => {
    const fetch = vi.fn(() => Promise.resolve(new Response('[]', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const Screen = await screenOf(path);
    const s = makeSession({ role: 'admin', flags: ALL_FLAGS });
    await renderApp(<Screen />, { session: { ...s, mode: 'hosted', synced_from_shop: true } });
    expect(await screen.findByTestId('not-on-hosted-copy')).toHaveTextContent(
      "This business is kept on the shop's PC: sell and edit there.",
    );
    expect(screen.getByRole('heading', { name: title })).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the same screen is the form everywhere else', async () => {
    // jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))),
    );
    const Screen = await screenOf('/stock-taking');
    await renderApp(<Screen />, { session: makeSession({ role: 'admin', flags: ALL_FLAGS }) });
    expect(await screen.findByRole('heading', { name: 'Stock taking' })).toBeVisible();
    expect(screen.queryByTestId('not-on-hosted-copy')).not.toBeInTheDocument();
  });

  it('a document without a supplier asks for no suppliers (a user who may only remove stock got a 403)', async () => {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
    const fetch = vi.fn((_url: string) => Promise.resolve(new Response('[]', { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const asked = () => fetch.mock.calls.map(([url]) => String(url));
    const Remove = await screenOf('/stock-negative');
    const view = await renderApp(<Remove />, {
      session: makeSession({ role: 'staff', flags: ['adding_stock_negative'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Add Stock › Remove stock' })).toBeVisible();
    await waitFor(() => expect(asked().some((u) => u.includes('/api/locations'))).toBe(true));
    expect(asked().filter((u) => u.includes('/api/suppliers'))).toEqual([]);
    view.unmount();

    const Receive = await screenOf('/addsupplierstock');
    await renderApp(<Receive />, { session: makeSession({ role: 'admin', flags: ALL_FLAGS }) });
    await waitFor(() => expect(asked().some((u) => u.includes('/api/suppliers'))).toBe(true));
  });
});
