import { vi } from 'vitest';
import type { FieldHistoryItem } from '@duka/domain';

/** What the record screens' tests of replaced values (ADR 11 §11.1) share. */

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A value set on Branch B at 07:02 that lost to this server's value of 07:05. */
export const loss = (id: string, field: string, value: object, won: object): FieldHistoryItem => ({
  id,
  field,
  reason: 'concurrent',
  value: value as Record<string, unknown>,
  set: { at: '2026-11-25T07:02:00.000Z', here: false, server: 'Branch B' },
  won_value: won as Record<string, unknown>,
  won: { at: '2026-11-25T07:05:00.000Z', here: true, server: '' },
  recorded_at: '2026-11-25T07:06:00.000Z',
});

/**
 * Stubs fetch: `/api/history/{type}/{id}` answers `history['type/id']`, `answer` the screen's own
 * calls (a body, or a whole Response), anything else an empty list. Answers the URLs asked, in order.
 */
export function fakeServer(
  history: Record<string, FieldHistoryItem[]>,
  answer: (url: string) => unknown = () => undefined,
  empty: unknown = { items: [], entries: [] },
): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const own = answer(url);
      if (own instanceof Response) return Promise.resolve(own);
      if (own !== undefined) return Promise.resolve(json(own));
      const h = /^\/api\/history\/(\w+)\/(.+)$/.exec(url);
      if (h) return Promise.resolve(json({ items: history[`${h[1]}/${h[2]}`] ?? [] }));
      return Promise.resolve(json(empty));
    }),
  );
  return asked;
}

/** jsdom has no FontFaceSet, which Mantine's autosizing inputs listen to. */
export function stubFonts(): void {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
