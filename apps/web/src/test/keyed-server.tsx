import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { SessionContext } from '../lib/session-context';
import { makeSession, testI18n } from './render';

/**
 * A server for writes that carry their own id, as the real one keeps them: the same body again
 * answers the stored record, another body under the same id answers 409 `idempotency_conflict`.
 * While `down`, a write is stored and then its answer is lost (the connection drops after the
 * commit), and every request after it gets no answer either (the server restarts).
 */
export interface KeyedServer {
  down: boolean;
  /** Every write sent (a try of the API client's retries included), in order. */
  posted: { url: string; body: Record<string, unknown> }[];
  /** What the server holds, by id. */
  stored: Map<string, { body: string; record: unknown }>;
}

export interface KeyedRoutes {
  /** The record a write stores, or undefined when `url` is not one of these writes. */
  write: (url: string, body: Record<string, unknown>) => unknown;
  /** The id a read asks for (a stored record answers it), or null when `url` is not such a read. */
  readId?: (url: string) => string | null;
  /** Any other read's answer (a list): [] by default. */
  other?: (url: string) => unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const refusal = (status: number, code: string) => json({ error: { code, message: code } }, status);

export function keyedServer(routes: KeyedRoutes): KeyedServer {
  const srv: KeyedServer = { down: false, posted: [], stored: new Map() };
  const lost = () => Promise.reject(new TypeError('Failed to fetch'));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') {
        if (srv.down) return lost();
        const id = routes.readId?.(url) ?? null;
        if (id === null) return Promise.resolve(json(routes.other?.(url) ?? []));
        const hit = srv.stored.get(id);
        return Promise.resolve(hit ? json(hit.record) : refusal(404, 'not_found'));
      }
      const body = (typeof init.body === 'string' ? JSON.parse(init.body) : {}) as Record<string, unknown>;
      const record = routes.write(url, body);
      // another write (a draft kept as it is typed): answered as saved
      if (record === undefined)
        return Promise.resolve(
          json({ id: url.split('/').pop(), ...body, updated_at: '2026-12-01T08:00:00.000Z' }),
        );
      srv.posted.push({ url, body });
      const id = String(body.id);
      const held = srv.stored.get(id);
      if (srv.down) {
        if (!held) srv.stored.set(id, { body: init.body as string, record });
        return lost();
      }
      if (held)
        return Promise.resolve(
          held.body === init.body ? json(held.record, 201) : refusal(409, 'idempotency_conflict'),
        );
      srv.stored.set(id, { body: init.body as string, record });
      return Promise.resolve(json(record, 201));
    }),
  );
  return srv;
}

/** The ids the writes were sent under, once each, in order. */
export const idsOf = (srv: KeyedServer) => [...new Set(srv.posted.map((p) => String(p.body.id)))];

/** The providers a hook needs: words (English), queries, and a signed-in session. */
export async function hookWrapper(role = 'admin') {
  const i18n = await testI18n();
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = makeSession({ role });
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export const NO_ANSWER_WORDS =
  'No answer from the server: this may already be saved. Try again: it cannot be saved twice.';

export const CREATED_EARLIER_WORDS =
  'This was already created, with the details first sent (their answer was lost). Check it in the list and edit it if needed.';
