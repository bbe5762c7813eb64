import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { makeSession } from '../../test/render';
import { product } from '../../test/products';

/**
 * For the till's tests of sales whose answer is lost, late or a 409: a tiny fake server that stores
 * sales by id the way the real one does (the same body again answers the stored sale, another
 * body under the id answers 409 `idempotency_conflict`, GET /api/sales/:id the stored sale or 404).
 */

export const LOC = '0190b1a0-0000-7000-8000-0000000000a1';
export const sugar = product({
  id: '0190b1a0-0000-7000-8000-0000000000c1',
  levels: [{ location_id: LOC, quantity: 9000 }],
});

export function tillSession() {
  const s = makeSession({ flags: ['sell_cash', 'sell_debtors'] });
  return { ...s, user: { ...s.user, home_location_id: LOC, location_ids: [LOC] } };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface PostedSale {
  id: string;
  lines: { product_id: string; quantity: number; discount: number }[];
  expected_total: number;
  tendered?: number;
}

/** A sale as the server answers it (only sugar is sold in these tests). */
function saleOf(b: PostedSale, receiptNo: string, device: string | null = null) {
  const total = b.expected_total;
  return {
    id: b.id,
    receipt_no: receiptNo,
    kind: 'cash',
    location_id: LOC,
    location_name: 'Main shop',
    user_id: null,
    user_name: 'Wanjiku Staff',
    device_id: device,
    business_day: '2026-01-01',
    gross: total,
    discount: 0,
    total,
    tax: 0,
    tendered: b.tendered ?? total,
    change: 0,
    debtor_id: null,
    debtor_name: null,
    debtor_balance_after: null,
    provider_id: null,
    provider_name: null,
    reference: null,
    note: '',
    created_at: new Date().toISOString(),
    lines: b.lines.map((l, i) => ({
      line_no: i + 1,
      product_id: l.product_id,
      name: 'Sugar 1 kg',
      code: 'SUG1',
      unit: 'each',
      quantity: l.quantity,
      unit_price: 18000,
      tax_rate: 1600,
      gross: (18000 * l.quantity) / 1000,
      discount: l.discount,
      sale_discount: 0,
      net: (18000 * l.quantity) / 1000,
      tax: 0,
      reversed: 0,
    })),
    reversed_total: 0,
    reversals: [],
  };
}

/**
 * What becomes of one POST: 'store+drop' stores the sale and loses the answer (the connection dies
 * after the commit), 'drop' loses it without storing (server down), 'answer' stores or replays as
 * the server does, 'elsewhere' stores it as recorded by another till and answers this one
 * `sale_completed_elsewhere`, 'store+500' stores it and answers 500; a promise delays the normal answer until it settles. A cart's draft
 * saved once its sale is stored is refused (`draft_recorded`), as the server refuses it.
 */
export type OnSale = 'store+drop' | 'store+500' | 'drop' | 'answer' | 'elsewhere' | Promise<void>;

const refusal = (code: string, status: number, params?: Record<string, unknown>) =>
  json({ error: { code, message: code, ...(params ? { params } : {}) } }, status);

/** What the till hears of one POST, `answer` storing it (or replaying it) as the server does. */
async function outcomeOf(what: OnSale, answer: () => Response): Promise<Response> {
  if (what === 'drop') throw new TypeError('Failed to fetch');
  if (what === 'answer') return answer();
  if (typeof what !== 'string') {
    await what;
    return answer();
  }
  const stored = answer();
  if (what === 'store+drop') throw new TypeError('Failed to fetch');
  if (what === 'store+500') return refusal('internal', 500);
  const { receipt_no } = (await stored.json()) as { receipt_no: string };
  return refusal('sale_completed_elsewhere', 409, { receipt_no });
}

/**
 * Stubs fetch with the fake server. `onSale(n)` decides the n-th POST (from 0); `onGet(n)` the
 * n-th GET of a sale: 'answer' (the stored sale or 404) or 'drop' (no answer). Receipt numbers
 * count from `firstNo`.
 */
export function saleServer(
  onSale: (n: number) => OnSale,
  opts: {
    onGet?: (n: number) => 'answer' | 'drop';
    firstNo?: number;
    /** Called with each POSTed sale before it is answered (a test puts another till's sale in first). */
    onPost?: (body: PostedSale) => void;
  } = {},
) {
  /** The sales stored by id; `device` the till that made one (another till's, put here by a test). */
  const stored = new Map<string, { raw: string; body: PostedSale; no: string; device?: string }>();
  const posted: PostedSale[] = [];
  const asked: string[] = [];
  const drafts: { id: string; method: string; body: Record<string, unknown> | null }[] = [];
  const firstNo = opts.firstNo ?? 1;
  const answer = (body: PostedSale, raw: string) => {
    const had = stored.get(body.id);
    if (had && had.raw !== raw) return refusal('idempotency_conflict', 409);
    if (!had) stored.set(body.id, { raw, body, no: String(stored.size + firstNo).padStart(6, '0') });
    const s = stored.get(body.id)!;
    return json(saleOf(s.body, s.no), 201);
  };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/locations'))
      return json([{ id: LOC, name: 'Main shop', active: true, home_here: true }]);
    if (url.startsWith('/api/products')) return json(url.includes('q=') ? [sugar] : []);
    if (url === '/api/work-drafts') return json([]);
    if (url.startsWith('/api/work-drafts/')) {
      const id = url.slice('/api/work-drafts/'.length);
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : null;
      drafts.push({ id, method: init?.method ?? 'GET', body });
      if (init?.method === 'DELETE') return new Response(null, { status: 204 });
      if (stored.has(id)) return refusal('draft_recorded', 409);
      return json({ id, updated_at: new Date().toISOString(), ...body });
    }
    if (url === '/api/sales' && init?.method === 'POST') {
      const raw = init.body as string;
      const body = JSON.parse(raw) as PostedSale;
      posted.push(body);
      opts.onPost?.(body);
      return outcomeOf(onSale(posted.length - 1), () => answer(body, raw));
    }
    const got = /^\/api\/sales\/([0-9a-f-]{36})$/.exec(url);
    if (got) {
      asked.push(got[1]!);
      if ((opts.onGet?.(asked.length - 1) ?? 'answer') === 'drop') throw new TypeError('Failed to fetch');
      const s = stored.get(got[1]!);
      if (s) return json(saleOf(s.body, s.no, s.device ?? null));
    }
    return json({ error: { code: 'not_found', message: 'no' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  /** Thousandths of sugar recorded over all stored sales. */
  const soldQty = () =>
    [...stored.values()].reduce((sum, s) => sum + s.body.lines.reduce((q, l) => q + l.quantity, 0), 0);
  return { stored, posted, asked, drafts, soldQty };
}

/** Types `text` and Enter outside any field, as a scanner does. */
export const typeOnPage = (text: string) => {
  for (const key of [...text, 'Enter']) fireEvent.keyDown(document.body, { key });
};

/** Thousandths of sugar in the till's cart. */
export const cartQty = () => {
  const input = screen.queryByLabelText('Quantity of Sugar 1 kg');
  return input ? Number((input as HTMLInputElement).value) * 1000 : 0;
};

/** Scans sugar (once the till is up), opens Pay (F9) and presses Complete sale: answers the panel. */
export async function ringSugarAndPay() {
  await screen.findByTestId('till-cart-title');
  typeOnPage('SUG1');
  await screen.findByRole('group', { name: 'Sugar 1 kg' });
  fireEvent.keyDown(window, { key: 'F9' });
  const panel = await screen.findByRole('dialog', { name: /Pay · Cash sale/ });
  fireEvent.click(within(panel).getByRole('button', { name: /Complete sale/ }));
  return panel;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
