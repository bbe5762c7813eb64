import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { WorkDraft } from '@duka/domain';
import { makeSession, testI18n } from '../../test/render';
import { SessionContext } from '../../lib/session-context';
import { useStockDocument } from './use-stock-document';

const HOME = '0190b1a0-0000-7000-8000-00000000a001';
const OTHER = '0190b1a0-0000-7000-8000-00000000a002';

/** The receipt the user had half typed before the reload, as the server keeps it. */
const kept: WorkDraft = {
  id: '0190b1a0-0000-7000-8000-00000000d001',
  kind: 'stock',
  slot: 'duka.draft.receipt',
  name: '',
  body: {
    id: '0190b1a0-0000-7000-8000-00000000d001',
    header: { location_id: OTHER, supplier_id: 'sup-1', invoice_number: 'INV-77' },
    lines: [{ key: 'l1', product_id: 'p1', name: 'Sugar 1kg', qty: '4', cost: '120' }],
  },
  updated_at: '2026-11-28T08:00:00.000Z',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch: the drafts list waits until `release()` is called; every write is recorded and
 * answered as saved.
 */
function slowDrafts() {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/work-drafts' && method === 'GET') {
        await arrived;
        return json([kept]);
      }
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      writes.push({ url, method, body });
      return json({ ...kept, ...(body as object) });
    }),
  );
  return { release, writes };
}

async function wrapper() {
  const i18n = await testI18n();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = makeSession({ role: 'admin' });
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a stock document kept across a reload', () => {
  it('comes back when the home location is known before the drafts arrive', async () => {
    const server = slowDrafts();
    const { result } = renderHook(() => useStockDocument('receipt', HOME), { wrapper: await wrapper() });
    // The home location is known at once; the drafts come later (the reload's race in e2e).
    await act(() => new Promise((r) => setTimeout(r, 50)));
    server.release();
    await waitFor(() => expect(result.current.draft.id).toBe(kept.id));
    expect(result.current.draft.header).toMatchObject({
      location_id: OTHER,
      supplier_id: 'sup-1',
      invoice_number: 'INV-77',
    });
    expect(result.current.draft.lines).toHaveLength(1);
    // Nothing replaced the kept draft on the server in the meantime.
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(server.writes.filter((w) => w.url !== `/api/work-drafts/${kept.id}`)).toEqual([]);
  });

  it('starts at the home location when nothing was kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => Promise.resolve(json(url === '/api/work-drafts' ? [] : kept))),
    );
    const { result } = renderHook(() => useStockDocument('receipt', HOME), { wrapper: await wrapper() });
    await waitFor(() => expect(result.current.draft.header.location_id).toBe(HOME));
    expect(result.current.draft.lines).toEqual([]);
  });

  it("dates a new receipt with the business's day, not UTC's (01:30 in Nairobi is already the 4th)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T22:30:00.000Z'));
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => Promise.resolve(json(url === '/api/work-drafts' ? [] : kept))),
      );
      const { result } = renderHook(() => useStockDocument('receipt', HOME), { wrapper: await wrapper() });
      await waitFor(() => expect(result.current.draft.header.location_id).toBe(HOME));
      expect(result.current.draft.header.invoice_date).toBe('2026-12-04');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a receipt whose invoice date's field holds a text that is no day", () => {
  it('is not saved (with the day before, or none) until the text is a day again', async () => {
    const server = slowDrafts();
    server.release();
    const { result } = renderHook(() => useStockDocument('receipt', HOME), { wrapper: await wrapper() });
    await waitFor(() => expect(result.current.draft.id).toBe(kept.id));
    act(() => result.current.setInvoiceDateWrong(true));
    const posts = () => server.writes.filter((w) => w.url === '/api/stock/receipts');
    await act(() => result.current.onSave());
    expect(result.current.fieldErrors.invoice_date).toBeTruthy();
    expect(posts()).toHaveLength(0);
    act(() => result.current.setInvoiceDateWrong(false));
    await act(() => result.current.onSave());
    expect(result.current.fieldErrors.invoice_date).toBeUndefined();
    expect(posts()).toHaveLength(1);
  });
});
