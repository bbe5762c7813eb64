import { vi } from 'vitest';
import type { SyncServerView, SyncStatusView } from '@duka/domain';

type LocalStatus = Extract<SyncStatusView, { role: 'local' }>;
type HostedStatus = Extract<SyncStatusView, { role: 'hosted' }>;

/** An ISO time `ms` before now. */
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export function localStatus(over: Partial<LocalStatus> = {}): LocalStatus {
  return {
    role: 'local',
    linked: true,
    hosted_url: 'https://duka.example',
    server_id: '0190b1a0-0000-7000-8000-0000000000f1',
    state: 'active',
    linked_at: ago(86_400_000),
    last_push_at: ago(2 * 60_000),
    last_contact_at: ago(2 * 60_000),
    last_attempt_at: ago(2 * 60_000),
    last_pull_at: ago(60_000),
    to_pull: 0,
    waiting: { entries: 0, documents: 0 },
    head: 61_000,
    cursor: 61_000,
    oldest_unsynced_sale_at: null,
    failing_since: null,
    last_error: null,
    clock_skew_ms: -412,
    quarantine_open: 0,
    quarantine_here: 0,
    series: '',
    ...over,
  };
}

export const UNLINKED = localStatus({
  linked: false,
  hosted_url: null,
  state: null,
  linked_at: null,
  last_push_at: null,
  last_contact_at: null,
  last_attempt_at: null,
  clock_skew_ms: null,
  head: 120,
  cursor: 0,
  series: null,
});

export function syncServer(over: Partial<SyncServerView> = {}): SyncServerView {
  return {
    id: '0190b1a0-0000-7000-8000-0000000000e1',
    name: 'Shop PC',
    state: 'active',
    credential_prefix: 'dks_7KQ4',
    linked_at: ago(86_400_000),
    last_contact_at: ago(60_000),
    last_push_at: ago(60_000),
    last_pull_at: ago(30_000),
    to_pull: 0,
    waiting: 0,
    oldest_unsynced_sale_at: null,
    clock_skew_ms: 300,
    revoked_at: null,
    series: '',
    ...over,
  };
}

export function hostedStatus(over: Partial<HostedStatus> = {}): HostedStatus {
  return { role: 'hosted', linked: true, servers: [syncServer()], quarantine_open: 0, ...over };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (init: RequestInit | undefined) => Response;

/**
 * A fake server: each `METHOD path` answers its handler; anything else is a 404. Returns the
 * calls made, as `METHOD path` with the parsed body.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { route: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ route, body });
    const handler = routes[route];
    return Promise.resolve(
      handler ? handler(init) : json({ error: { code: 'not_found', message: 'no' } }, 404),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
