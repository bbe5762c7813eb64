import { SYNC_HEARTBEAT_MS, SYNC_TICK_MS } from '@duka/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { journalHead } from './batch.js';
import type { KeyHandling } from './documents.js';
import { type PushOutcome, heartbeat, pushPending } from './push.js';

/** The longest wait between tries: the heartbeat period, so a dead link is tried every five minutes. */
export const BACKOFF_CAP_MS = SYNC_HEARTBEAT_MS;
const BACKOFF_BASE_MS = 2_000;

/**
 * Capped exponential backoff with full jitter (ADR 11 §6): after the n-th failure in a row, a
 * random wait in [1 s, min(cap, 2 s·2^(n−1))], or the server's Retry-After when that is longer.
 */
export function backoffMs(
  failures: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  const wait = Math.max(1_000, Math.floor(random() * ceiling));
  return retryAfterMs !== null ? Math.max(wait, Math.min(retryAfterMs, BACKOFF_CAP_MS)) : wait;
}

export interface PushJobDeps {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Runs on a local server beside the backup job: every 2 s it looks at the journal head and pushes
 * what is new, backs off while the hosted server cannot be reached, and says hello every five
 * minutes when there is nothing to send. Failures go to the log and the link's row, never to a toast.
 */
export class PushJob {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private failures = 0;
  private nextTryAt = 0;
  /** When the last try failed because the hosted site could not be reached (this server's clock), else null. */
  private unreachableAt: number | null = null;
  private stopped = false;
  /** The businesses whose link was looked at since this server started. */
  private readonly started = new Set<string>();

  constructor(private readonly deps: PushJobDeps) {}

  start(): void {
    this.schedule(SYNC_TICK_MS);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Wakes the job now (after linking, or from a test), unless it is backing off. */
  nudge(): void {
    this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  /** One look at every link (a local server keeps one business). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const links = await this.deps.db.kysely.selectFrom('sync_links').selectAll().execute();
      for (const link of links) {
        if (link.state !== 'copying' && link.state !== 'active') continue;
        if (Date.now() < this.nextTryAt && !this.backSince(link)) continue;
        const outcome = await this.once(link);
        this.after(outcome);
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'sync: the push job failed');
      this.after({ kind: 'failed', code: 'internal', retryAfterMs: null });
    } finally {
      this.running = false;
      this.schedule(SYNC_TICK_MS);
    }
  }

  private async once(link: Parameters<typeof pushPending>[1]): Promise<PushOutcome> {
    const head = await journalHead(this.deps.db, link.business_id);
    if (head > Number(link.push_cursor)) {
      const outcome = await pushPending(this.deps, link);
      // a push's answer carries the hosted cursor, checked as the heartbeat's is
      if (outcome.kind === 'caught_up') this.started.add(link.business_id);
      if (outcome.kind !== 'idle') return outcome;
    }
    const lastContact = link.last_contact_at ? Date.parse(link.last_contact_at) : 0;
    // The first look after a start always asks: a database restored from a backup carries the
    // contact time of its day, which may be recent, and must learn before its first sale whether
    // the hosted copy holds more of its own entries than it has (`heartbeat`).
    const first = !this.started.has(link.business_id);
    this.started.add(link.business_id);
    if (first || this.deps.now().getTime() - lastContact >= SYNC_HEARTBEAT_MS)
      return heartbeat(this.deps, link);
    return { kind: 'idle' };
  }

  /**
   * Whether the hosted site, out of reach at the last try, answered the pull since (the link's
   * contact time moved past it): what waits goes now, not after the rest of a backoff of up to five
   * minutes. Only after an unreachable site: one that answered a refusal or asked to wait keeps
   * its backoff, or every pull would bring a retry.
   */
  private backSince(link: { last_contact_at: string | null }): boolean {
    if (this.unreachableAt === null || !link.last_contact_at) return false;
    return Date.parse(link.last_contact_at) > this.unreachableAt;
  }

  private after(outcome: PushOutcome): void {
    if (outcome.kind === 'failed') {
      this.unreachableAt =
        outcome.code === 'sync_unreachable' && outcome.retryAfterMs === null
          ? this.deps.now().getTime()
          : null;
      this.failures += 1;
      const wait = backoffMs(this.failures, outcome.retryAfterMs);
      this.nextTryAt = Date.now() + wait;
      this.deps.log.warn({ code: outcome.code, retryInMs: wait }, 'sync: push failed; trying again later');
    } else {
      if (outcome.kind === 'stopped')
        this.deps.log.error({ code: outcome.code }, `sync: pushing stopped (${outcome.state})`);
      this.failures = 0;
      this.nextTryAt = 0;
      this.unreachableAt = null;
    }
  }
}
