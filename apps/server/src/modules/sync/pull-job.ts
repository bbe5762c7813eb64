import { SYNC_TICK_MS } from '@duka/domain';
import { type PushJobDeps, backoffMs } from './push-job.js';
import { type PullOutcome, pullPending } from './pull.js';
import { PULL_MAX_WAIT_MS } from './wire.js';

/**
 * Runs on a local server beside the push job (ADR 11 §11.3): pulls what the hosted journal holds
 * for this server, then asks again with a long poll, so another branch's sale or an owner's edit
 * on the hosted site arrives within seconds; backs off while the hosted server cannot be reached.
 */
export class PullJob {
  private stopped = false;
  private readonly abort = new AbortController();
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;
  private done: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: PushJobDeps,
    private readonly waitMs = PULL_MAX_WAIT_MS,
  ) {}

  start(): void {
    this.done = this.loop();
  }

  /** Stops the loop and ends a waiting pull; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.done;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
      this.timer.unref();
    });
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const started = Date.now();
      const outcome = await this.once();
      if (this.stopped) return;
      await this.sleep(this.pause(outcome, Date.now() - started));
    }
  }

  private async once(): Promise<PullOutcome | null> {
    try {
      const link = await this.deps.db.kysely
        .selectFrom('sync_links')
        .selectAll()
        .where('state', 'in', ['copying', 'active'])
        .executeTakeFirst();
      if (!link) return null;
      return await pullPending({ ...this.deps, signal: this.abort.signal }, link, { waitMs: this.waitMs });
    } catch (err) {
      if (!this.stopped) this.deps.log.warn({ err }, 'sync: the pull job failed');
      return { kind: 'failed', code: 'internal', retryAfterMs: null };
    }
  }

  /** How long to wait before the next pull: backoff after a failure, else at once (the pull waited). */
  private pause(outcome: PullOutcome | null, tookMs: number): number {
    if (outcome?.kind === 'failed') {
      this.failures += 1;
      const wait = backoffMs(this.failures, outcome.retryAfterMs);
      this.deps.log.warn({ code: outcome.code, retryInMs: wait }, 'sync: pull failed; trying again later');
      return wait;
    }
    this.failures = 0;
    if (!outcome || outcome.kind === 'stopped') return SYNC_TICK_MS;
    // A hosted server that answered an idle pull at once (it did not wait) is not asked again at once.
    return outcome.kind === 'idle' && tookMs < 1_000 ? SYNC_TICK_MS : 0;
  }
}
