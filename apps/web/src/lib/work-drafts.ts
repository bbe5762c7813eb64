import type { WorkDraft, WorkDraftPut } from '@duka/domain';
import { answerCheck } from './answer-checks';
import { api, deviceHeaders } from './api-client';
import { ApiError } from './api-error';
import { subscribeConnection, connectionNow } from './connection';
import { notifyApiError, notifyOnce } from './notify';

/**
 * The signed-in user's work in progress (the till's cart, parked sales, stock drafts), kept on
 * the server: local storage is cleared at sign-out (seed spec §2), so it cannot hold them, and on
 * the server they follow the user to another till.
 */
export const WORK_DRAFTS_QUERY = ['work-drafts'] as const;

/**
 * What a page had still waiting when it went away (a reload right after typing), kept in this
 * tab's session storage beside the `keepalive` write that carries it to the server: the next page
 * may ask for its drafts before that write lands, and would show an empty form. Cleared at
 * sign-out with the rest of the browser's storage.
 */
const LEFT_BEHIND_KEY = 'duka.drafts-left-behind';
/** Older than this, a left-behind write has surely landed (or failed for good): the server's word stands. */
const LEFT_BEHIND_MS = 60_000;

interface LeftBehind {
  at: number;
  drafts: (WorkDraftPut & { id: string })[];
}

function leaveBehind(drafts: LeftBehind['drafts']): void {
  if (drafts.length === 0) return;
  try {
    sessionStorage.setItem(LEFT_BEHIND_KEY, JSON.stringify({ at: Date.now(), drafts } satisfies LeftBehind));
  } catch {
    // storage full or refused: the keepalive write alone carries them
  }
}

function takeLeftBehind(): LeftBehind['drafts'] {
  try {
    const raw = sessionStorage.getItem(LEFT_BEHIND_KEY);
    sessionStorage.removeItem(LEFT_BEHIND_KEY);
    const left = raw ? (JSON.parse(raw) as LeftBehind) : null;
    return left && Date.now() - left.at < LEFT_BEHIND_MS && Array.isArray(left.drafts) ? left.drafts : [];
  } catch {
    return [];
  }
}

/**
 * The server's drafts, with what the page before this one left behind put over them as the server
 * would keep it (the same id replaced; one cart, one draft per stock screen).
 */
export function withLeftBehind(server: WorkDraft[], left: LeftBehind['drafts'], at: string): WorkDraft[] {
  let list = server;
  for (const d of left) {
    list = list.filter(
      (s) => s.id !== d.id && (d.kind === 'parked' || s.kind !== d.kind || s.slot !== d.slot),
    );
    list = [{ id: d.id, kind: d.kind, slot: d.slot, name: d.name, body: d.body, updated_at: at }, ...list];
  }
  return list;
}

export async function listWorkDrafts(): Promise<WorkDraft[]> {
  const server = await api('/api/work-drafts', { schema: answerCheck('workDrafts') });
  return withLeftBehind(server, takeLeftBehind(), new Date().toISOString());
}

function saveWorkDraft(id: string, put: WorkDraftPut): Promise<WorkDraft> {
  return api(`/api/work-drafts/${id}`, { method: 'PUT', body: put, schema: answerCheck('workDraft') });
}

async function dropWorkDraft(id: string): Promise<void> {
  try {
    await api(`/api/work-drafts/${id}`, { method: 'DELETE' });
  } catch (err) {
    // Already gone (dropped on another till, or never saved): what was wanted.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
}

/**
 * A signed-out user's writes fail with 401, and the sign-in page says why; no toast on top. A
 * cart saved after its sale was recorded is refused (`draft_recorded`): the sale is what was
 * wanted, so nothing to say either (the writer's `onRecorded` hears of it).
 */
function reportFailure(err: unknown): void {
  if (err instanceof ApiError && (err.status === 401 || err.code === 'draft_recorded')) return;
  console.error('A draft could not be saved', err);
  notifyApiError(err);
}

const unanswered = (err: unknown) => err instanceof ApiError && err.kind === 'network';

const live = new Set<DraftWriter>();

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    leaveBehind([...live].flatMap((w) => w.sendBeforeUnload()));
  });

/** Sends what every screen still has waiting, and answers once it is written: before signing out. */
export async function flushDraftWriters(): Promise<void> {
  await Promise.all([...live].map((w) => w.flushAll()));
}

/** How long typing may pause before what was typed is saved. */
const SAVE_PAUSE_MS = 300;

/**
 * Writes drafts to the server one at a time, in the order asked, so a park never overtakes the
 * cart save before it. A save waiting for a pause in typing is replaced by a newer one of the same
 * id, and cancelled by a `now` or `drop` of that id. A failed write is reported (in the user's
 * words) and the next one goes on.
 */
export class DraftWriter {
  private chain: Promise<void> = Promise.resolve();
  private readonly waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; put: WorkDraftPut }>();
  /** Writes that got no answer (offline), by id: the last save, or null for a drop; sent again once online. */
  private readonly unsent = new Map<string, WorkDraftPut | null>();

  /**
   * `onRecorded`: a save of draft `id` was refused because its sale is recorded (a cart sold on
   * another till while this one still held it): the screen decides what that means for it.
   */
  constructor(private readonly onRecorded?: (id: string) => void) {}

  /**
   * While its screen is on show: signing out sends what it has waiting first. Answers the
   * detach, for an effect's clean-up (what still waits is sent then too).
   */
  attach(): () => void {
    live.add(this);
    const stop = subscribeConnection(() => {
      if (connectionNow() === 'online') this.resendUnsent();
    });
    return () => {
      stop();
      void this.flushAll();
      live.delete(this);
    };
  }

  /** Sends again, in order, what got no answer while offline. */
  private resendUnsent(): void {
    const again = [...this.unsent];
    this.unsent.clear();
    for (const [id, put] of again) void (put ? this.now(id, put) : this.drop(id));
  }

  /** Saves after a pause in typing. */
  later(id: string, put: WorkDraftPut): void {
    this.cancel(id);
    const timer = setTimeout(() => this.flush(id), SAVE_PAUSE_MS);
    this.waiting.set(id, { timer, put });
  }

  /** Saves now, after the writes already queued. */
  now(id: string, put: WorkDraftPut): Promise<void> {
    this.cancel(id);
    return this.enqueue(id, put, () => saveWorkDraft(id, put));
  }

  drop(id: string): Promise<void> {
    this.cancel(id);
    return this.enqueue(id, null, () => dropWorkDraft(id));
  }

  /**
   * The page is going away (a reload, the tab closed): what waits is sent at once with
   * `keepalive`, which outlives the page; the ordinary queue would not. Answers what it sent.
   */
  sendBeforeUnload(): (WorkDraftPut & { id: string })[] {
    const sent = [...this.waiting].map(([id, w]) => ({ id, ...w.put }));
    for (const [id, w] of this.waiting) {
      clearTimeout(w.timer);
      void fetch(`/api/work-drafts/${id}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...deviceHeaders() },
        body: JSON.stringify(w.put),
      }).catch(() => undefined); // the page is gone: nobody to tell
    }
    this.waiting.clear();
    return sent;
  }

  /** Sends every save still waiting for its pause (leaving the screen, signing out). */
  flushAll(): Promise<void> {
    for (const id of [...this.waiting.keys()]) this.flush(id);
    return this.chain;
  }

  private flush(id: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.cancel(id);
    void this.enqueue(id, w.put, () => saveWorkDraft(id, w.put));
  }

  /** Forgets a save still waiting for its pause (the document it was for is gone). */
  cancelWaiting(id: string): void {
    this.cancel(id);
  }

  /** `onRecorded`, which may not break the chain of writes: a throw there is logged. */
  private heardRecorded(id: string): void {
    try {
      this.onRecorded?.(id);
    } catch (err) {
      console.error('A screen failed on a draft recorded as a sale', err);
    }
  }

  private cancel(id: string): void {
    const w = this.waiting.get(id);
    if (w) clearTimeout(w.timer);
    this.waiting.delete(id);
  }

  /**
   * One write after the others. One that got no answer is kept to be sent again once the server
   * answers, and the user is told once that their work waits on this screen; any other failure is
   * reported as it is.
   */
  private enqueue(id: string, put: WorkDraftPut | null, job: () => Promise<unknown>): Promise<void> {
    this.unsent.delete(id);
    this.chain = this.chain.then(job).then(
      () => undefined,
      (err: unknown) => {
        if (err instanceof ApiError && err.code === 'draft_recorded') this.heardRecorded(id);
        if (!unanswered(err)) return reportFailure(err);
        this.unsent.set(id, put);
        notifyOnce('work-drafts-unsent', 'workDrafts.unsent');
      },
    );
    return this.chain;
  }
}
