import type { OwnSession } from '@duka/domain';
import type { AppDeps } from '../../app-deps.js';
import type { DialectName } from '../../db/dialect.js';
import type { SignedIn } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { appendJournal } from '../../lib/journal.js';
import type { Trx } from '../../lib/tx.js';

/** What the signed-in user's own session actions read of the request. */
export type OwnSessionCaller = Pick<SignedIn, 'businessId' | 'userId' | 'sessionId' | 'at' | 'journal'>;

/** The moment before which a session's last request makes it idle past the limit: ended by itself. */
export function idleSinceOf(deps: AppDeps, at: string): string {
  return new Date(new Date(at).getTime() - deps.config.sessionIdleMs).toISOString();
}

/**
 * The start of every action that ends the user's own sessions: the user's row held (PostgreSQL:
 * `for no key update`, which sales' references to the user do not wait for), so two devices of the
 * user ending each other take turns; then the asking session read again under it: one ended
 * meanwhile is refused as its next request would be (`session_expired`).
 */
export async function holdOwnSession(trx: Trx, dialect: DialectName, ctx: OwnSessionCaller): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', ctx.userId)
    .where('business_id', '=', ctx.businessId)
    .$if(dialect === 'postgres', (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  const own = await trx
    .selectFrom('sessions')
    .select('revoked_at')
    .where('id', '=', ctx.sessionId)
    .where('business_id', '=', ctx.businessId)
    .where('user_id', '=', ctx.userId)
    .executeTakeFirst();
  if (!own || own.revoked_at !== null)
    throw new AppError('session_expired', 'Your session has ended: sign in again');
}

/**
 * Where the user is signed in: their own live sessions in the session's business (not revoked,
 * not expired, not idle past the limit), this one first, then by their last request. Each with
 * its device's name (the business's own device of that id), never its token.
 */
export async function listOwnSessions(deps: AppDeps, ctx: OwnSessionCaller): Promise<OwnSession[]> {
  const rows = await deps.db.kysely
    .selectFrom('sessions as s')
    .leftJoin('devices as d', (j) =>
      j.onRef('d.business_id', '=', 's.business_id').onRef('d.id', '=', 's.device_id'),
    )
    .select(['s.id', 'd.name as device_name', 's.ip', 's.created_at', 's.last_seen_at', 's.expires_at'])
    .where('s.business_id', '=', ctx.businessId)
    .where('s.user_id', '=', ctx.userId)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', ctx.at)
    .where('s.last_seen_at', '>=', idleSinceOf(deps, ctx.at))
    .orderBy('s.last_seen_at', 'desc')
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id')
    .execute();
  const sessions = rows.map((r) => ({
    id: r.id,
    device_name: r.device_name?.trim() ? r.device_name : null,
    ip: r.ip,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    expires_at: r.expires_at,
    current: r.id === ctx.sessionId,
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * Ends one of the user's other sessions (Edit Profile › where you are signed in), in one
 * transaction under the user's row as "Sign out on other devices" is. Idempotent: a session
 * already ended (revoked, expired, idle) answers as one ended now, and nothing more is written.
 * A session of another user or another business is `not_found`, as one that does not exist; the
 * asking session is `session_is_current` (signing out ends it). The ended session's next request,
 * on any process, is refused: a write to the sessions table drops what a process kept of it, and
 * PostgreSQL's notice does so in the others (db/pg-kept.ts).
 */
export async function endOwnSession(deps: AppDeps, ctx: OwnSessionCaller, id: string): Promise<void> {
  const { at } = ctx;
  await deps.db.kysely.transaction().execute(async (trx) => {
    await holdOwnSession(trx, deps.db.dialect, ctx);
    if (id === ctx.sessionId)
      throw new AppError('session_is_current', 'This is the session asking: sign out to end it');
    const found = await trx
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', id)
      .where('business_id', '=', ctx.businessId)
      .where('user_id', '=', ctx.userId)
      .executeTakeFirst();
    if (!found) throw new AppError('not_found', 'No such session');
    const res = await trx
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('business_id', '=', ctx.businessId)
      .where('user_id', '=', ctx.userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .where('last_seen_at', '>=', idleSinceOf(deps, at))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0)
      await appendJournal(trx, {
        ...ctx.journal,
        docType: 'session',
        docId: id,
        action: 'auth.end_session',
        detail: { by: ctx.sessionId },
      });
  });
}
