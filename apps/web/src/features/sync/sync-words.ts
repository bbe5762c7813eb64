import type { TFunction } from 'i18next';
import {
  formatReceiptNo,
  setAsideCount,
  SYNC_ALERT_AFTER_MS,
  SYNC_SKEW_WARN_MS,
  type SyncServerView,
  type SyncStatusView,
  syncHealth,
} from '@duka/domain';
import { GENERIC_ERROR, ownWordsOf } from '../../lib/error-words';
import { mayHaveNotices } from './sync-status';

/** What the sync words need: the translator, the formatters of `useFormat`, and now. */
export interface Wording {
  t: TFunction;
  now: number;
  time: (iso: string | null | undefined, nowMs: number) => string;
  ago: (iso: string | null | undefined, nowMs: number) => string;
  span: (ms: number) => string;
  count: (n: number) => string;
}

/** A count for a message: `count` picks the plural, `n` is the figure as the language groups it. */
export const counted = (w: Pick<Wording, 'count'>, count: number) => ({ count, n: w.count(count) });

type LocalStatus = Extract<SyncStatusView, { role: 'local' }>;
type HostedStatus = Extract<SyncStatusView, { role: 'hosted' }>;

/** A stored error code in words (the status keeps only the code: no names to fill in). */
export function errorCodeWords(t: TFunction, code: string): string {
  return t(ownWordsOf(code) ?? GENERIC_ERROR, { username: '—', mobile: '—', seconds: 60 });
}

/** How a server's receipts read (ADR 11 §11.2): "Receipts B000001, B000002, …". */
export function seriesWords(t: TFunction, key: string, series: string): string {
  return t(key, { first: formatReceiptNo(series, 1), second: formatReceiptNo(series, 2) });
}

/** A clock further off the hosted server's than the owner is told about (ADR 11 §8). */
export function isSkewed(skewMs: number | null): skewMs is number {
  return skewMs !== null && Math.abs(skewMs) > SYNC_SKEW_WARN_MS;
}

/** "3 hr 2 min behind", "45 sec ahead", "in step", or "—" before the first contact. */
export function skewWords(w: Wording, skewMs: number | null): string {
  if (skewMs === null) return '—';
  if (Math.abs(skewMs) < 1000) return w.t('sync.skew.inStep');
  return w.t(skewMs < 0 ? 'sync.skew.behind' : 'sync.skew.ahead', { span: w.span(skewMs) });
}

const liveServers = (s: HostedStatus) => s.servers.filter((x) => !x.revoked_at);
const silent = (x: SyncServerView, now: number) =>
  !x.last_contact_at || now - Date.parse(x.last_contact_at) > SYNC_ALERT_AFTER_MS;
const names = (xs: SyncServerView[]) => xs.map((x) => x.name).join(', ');

function localWhy(w: Wording, s: LocalStatus): string {
  const { t, now } = w;
  if (setAsideCount(s) > 0) return t('sync.why.quarantine', counted(w, setAsideCount(s)));
  if (s.state === 'diverged' || s.state === 'revoked' || s.state === 'refused')
    return t(`sync.why.${s.state}`);
  const failingFor = s.failing_since ? now - Date.parse(s.failing_since) : 0;
  if (failingFor > SYNC_ALERT_AFTER_MS) return t('sync.why.failing', { time: w.time(s.failing_since, now) });
  if (s.state === 'copying')
    return t('sync.why.copying', { done: w.count(s.cursor), total: w.count(s.head) });
  if (s.failing_since) return t('sync.why.retrying', { time: w.time(s.failing_since, now) });
  if (!s.last_contact_at) return t('sync.why.noContactYet');
  if (now - Date.parse(s.last_contact_at) > 10 * 60_000)
    return t('sync.why.noContact', { when: w.ago(s.last_contact_at, now) });
  if (s.waiting.entries > 0) return t('sync.why.waiting', counted(w, s.waiting.entries));
  return s.last_push_at
    ? t('sync.why.upToDate', { when: w.ago(s.last_push_at, now) })
    : t('sync.why.allSent');
}

function hostedWhy(w: Wording, s: HostedStatus): string {
  const { t, now } = w;
  const live = liveServers(s);
  if (setAsideCount(s) > 0) return t('sync.why.quarantine', counted(w, setAsideCount(s)));
  const stopped = live.find((x) => x.state !== 'active' && x.state !== 'copying');
  if (stopped)
    return t('sync.why.serverStopped', { name: stopped.name, state: t(`sync.state.${stopped.state}`) });
  const quiet = live.filter((x) => silent(x, now));
  if (quiet.length > 0) return t('sync.why.serverSilent', { names: names(quiet) });
  const busy = live.filter((x) => x.waiting > 0 || x.state === 'copying');
  if (busy.length > 0) return t('sync.why.serverBusy', { names: names(busy) });
  return t('sync.why.hostedOk', { count: live.length });
}

/** The header indicator's health, its words ("Sync needs attention") and why. */
export function healthWords(w: Wording, s: SyncStatusView) {
  const health = syncHealth(s, w.now);
  const why = s.role === 'local' ? localWhy(w, s) : hostedWhy(w, s);
  return { health, label: health === 'none' ? '' : w.t(`sync.health.${health}`), why };
}

export interface SyncNotice {
  id: string;
  text: string;
}

function localNotices(w: Wording, s: LocalStatus): SyncNotice[] {
  const { t, now } = w;
  const out: SyncNotice[] = [];
  if (s.failing_since && now - Date.parse(s.failing_since) > SYNC_ALERT_AFTER_MS)
    out.push({ id: 'failing', text: t('sync.notice.failing', { time: w.time(s.failing_since, now) }) });
  if (s.state === 'revoked') out.push({ id: 'revoked', text: t('sync.notice.revoked') });
  if (s.state === 'diverged') out.push({ id: 'diverged', text: t('sync.notice.diverged') });
  if (s.state === 'refused') out.push({ id: 'refused', text: t('sync.notice.refused') });
  if (isSkewed(s.clock_skew_ms))
    out.push({ id: 'skew', text: t('sync.notice.skew', { span: w.span(s.clock_skew_ms) }) });
  return out;
}

function hostedNotices(w: Wording, s: HostedStatus): SyncNotice[] {
  const { t, now } = w;
  const live = liveServers(s);
  const out: SyncNotice[] = [];
  const quiet = live.filter((x) => silent(x, now));
  if (quiet.length > 0) out.push({ id: 'failing', text: t('sync.notice.silent', { names: names(quiet) }) });
  const diverged = live.filter((x) => x.state === 'diverged');
  if (diverged.length > 0)
    out.push({ id: 'diverged', text: t('sync.notice.serversDiverged', { names: names(diverged) }) });
  const skewed = live.filter((x) => isSkewed(x.clock_skew_ms));
  if (skewed.length > 0)
    out.push({ id: 'skew', text: t('sync.notice.serversSkew', { names: names(skewed) }) });
  return out;
}

/**
 * The notifications panel's sync entries (ADR 11 §8): failing over an hour, quarantine open, a
 * clock off by more than two minutes, revoked, diverged. One entry each, most urgent first.
 */
export function syncNotices(w: Wording, s: SyncStatusView): SyncNotice[] {
  if (!mayHaveNotices(s)) return [];
  const out = s.role === 'local' ? localNotices(w, s) : hostedNotices(w, s);
  if (setAsideCount(s) > 0)
    out.push({ id: 'quarantine', text: w.t('sync.notice.quarantine', counted(w, setAsideCount(s))) });
  return out;
}
