import os from 'node:os';
import type { Db } from '../../db/database.js';
import { migrationsFor } from '../../db/database.js';
import type { UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database, SyncLinkRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { raiseReceiptCounter } from '../../lib/receipts.js';
import { openPrivateKey, storedForm } from '../printing/key-sealing.js';
import { entryIdAt, journalHead } from './batch.js';
import { SyncCallError, callHosted, checkedHostedUrl } from './client.js';
import { type AnyDb, type KeyHandling, docKey, readDocuments } from './documents.js';
import { type LinkAnswer, type LinkRequest, SYNC_FORMAT, linkAnswerSchema } from './wire.js';

const APP_VERSION = '0.1.0';

/** This database's server id (ADR 11 §2), made by migration 0009. */
export async function serverIdOf(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom('server_identity').select('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function linkOf(db: Db, businessId: string): Promise<SyncLinkRow | undefined> {
  return db.kysely
    .selectFrom('sync_links')
    .selectAll()
    .where('business_id', '=', businessId)
    .executeTakeFirst();
}

/** The credential as stored: sealed with KEY_ENCRYPTION_KEY when one is set (its own additional data). */
const credentialAad = (businessId: string) => `sync:${businessId}`;
type LinkUpdate = UpdateQueryBuilder<Database, 'sync_links', 'sync_links', UpdateResult>;

/**
 * An update of the link a job read, and of no other: a link unlinked and made again meanwhile
 * has a new credential, and a late answer to the old one must not change it.
 */
export const sameLink = (q: LinkUpdate, link: Pick<SyncLinkRow, 'business_id' | 'credential'>): LinkUpdate =>
  q.where('business_id', '=', link.business_id).where('credential', '=', link.credential);

export const openCredential = (link: SyncLinkRow, keys: KeyHandling): string =>
  openPrivateKey(link.credential, keys.keyEncryptionKey, credentialAad(link.business_id));

/** A hosted refusal as this server answers it: the same typed code, or "unreachable". */
export function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err as AppError;
  if (err instanceof SyncCallError && err.code !== 'network')
    return new AppError(err.code, err.message, undefined, {}, err.params);
  return new AppError('sync_unreachable', 'The hosted server did not answer');
}

/**
 * Links this shop's business to a hosted business with a one-time code (ADR 11 §3): the hosted
 * server answers with a credential for this server alone, kept here; the push job starts on its
 * next tick and copies the whole history first.
 */
export async function linkToHosted(
  db: Db,
  businessId: string,
  hostedUrl: string,
  code: string,
  keys: KeyHandling,
  at: string,
  name?: string,
): Promise<void> {
  if (await linkOf(db, businessId)) throw new AppError('sync_already_linked', 'This shop is already linked');
  const base = checkedHostedUrl(hostedUrl);
  const serverId = await serverIdOf(db);
  const k = db.kysely as unknown as AnyDb;
  const business = (await readDocuments(k, businessId, [{ type: 'business', id: businessId }], keys)).get(
    docKey('business', businessId),
  )!;
  const users = await db.kysely
    .selectFrom('users')
    .select(['id', 'username_key', 'mobile'])
    .where('business_id', '=', businessId)
    .execute();
  const headSeq = await journalHead(db, businessId);
  const req: LinkRequest = {
    format: SYNC_FORMAT,
    code,
    server: {
      id: serverId,
      name: (name || os.hostname()).slice(0, 80) || 'Shop PC',
      app_version: APP_VERSION,
      migrations: Object.keys(migrationsFor(db.dialect)),
    },
    business: business as LinkRequest['business'],
    logins: users.map((u) => ({ user_id: u.id, username_key: u.username_key, mobile: u.mobile })),
    head: { seq: headSeq, entry_id: (await entryIdAt(db, businessId, headSeq)) ?? null },
  };
  let answer: LinkAnswer;
  try {
    answer = linkAnswerSchema.parse(await callHosted(base, '/api/sync/v1/link', req, { timeoutMs: 30_000 }));
  } catch (err) {
    throw asAppError(err);
  }
  await saveLink(db, answer, base, keys, at, answer.cursor.seq < headSeq ? 'copying' : 'active', true);
}

/**
 * A new branch's PC, with no business yet, joins the hosted business the code names (ADR 11
 * §11.7): the hosted server answers with a credential for this server and the business's id; the
 * pull job then brings the whole business (its owner, users, products, every branch's documents)
 * in bounded, resumable batches, after which its users sign in here with their passwords.
 */
export async function joinHosted(
  db: Db,
  hostedUrl: string,
  code: string,
  keys: KeyHandling,
  at: string,
  name?: string,
): Promise<string> {
  const kept = await db.kysely.selectFrom('businesses').select('id').executeTakeFirst();
  const linked = await db.kysely.selectFrom('sync_links').select('business_id').executeTakeFirst();
  if (kept || linked)
    throw new AppError(
      'link_shop_has_business',
      'This PC already keeps a business; a branch PC starts empty',
    );
  const base = checkedHostedUrl(hostedUrl);
  const req: LinkRequest = {
    format: SYNC_FORMAT,
    code,
    server: {
      id: await serverIdOf(db),
      name: (name || os.hostname()).slice(0, 80) || 'Shop PC',
      app_version: APP_VERSION,
      migrations: Object.keys(migrationsFor(db.dialect)),
    },
    business: null,
    logins: [],
    head: { seq: 0, entry_id: null },
  };
  let answer: LinkAnswer;
  try {
    answer = linkAnswerSchema.parse(await callHosted(base, '/api/sync/v1/link', req, { timeoutMs: 30_000 }));
  } catch (err) {
    throw asAppError(err);
  }
  await saveLink(db, answer, base, keys, at, 'copying', false);
  return answer.business_id;
}

async function saveLink(
  db: Db,
  answer: LinkAnswer,
  base: string,
  keys: KeyHandling,
  at: string,
  state: 'copying' | 'active',
  ownBusiness: boolean,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto('sync_links')
      .values({
        business_id: answer.business_id,
        series: answer.series,
        // A joining PC has no business yet: its counter is set when the pull brings it (pull.ts).
        receipt_floor: answer.receipt_last_no,
        hosted_url: base,
        credential: storedForm(answer.credential, keys.keyEncryptionKey, credentialAad(answer.business_id)),
        credential_prefix: answer.credential.slice(0, 9),
        state,
        push_cursor: answer.cursor.seq,
        push_cursor_entry_id: answer.cursor.entry_id,
        clock_offset_ms: null,
        best_rtt_ms: null,
        hosted_quarantine: 0,
        last_push_at: null,
        last_attempt_at: null,
        last_error_code: null,
        last_error_at: null,
        failing_since: null,
        last_contact_at: at,
        linked_at: at,
        updated_at: at,
      })
      .execute();
    // The link's series replaces the one kept since an unlink.
    await trx.deleteFrom('kept_series').where('business_id', '=', answer.business_id).execute();
    // Counters never travel: this server's series starts past every number of it already written.
    if (ownBusiness)
      await raiseReceiptCounter(trx, answer.business_id, answer.series, answer.receipt_last_no);
  });
}

/**
 * Forgets the link and its cursor; the hosted side keeps its copy until an admin revokes the
 * server. The link's receipt series stays this server's (`kept_series`): numbering `''` again
 * would meet the numbers of the server that brought the business.
 */
export async function unlink(db: Db, businessId: string, at = new Date().toISOString()): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const link = await trx
      .deleteFrom('sync_links')
      .where('business_id', '=', businessId)
      .returning('series')
      .executeTakeFirst();
    if (!link) throw new AppError('sync_not_linked', 'This shop is not linked');
    await trx.deleteFrom('kept_series').where('business_id', '=', businessId).execute();
    if (link.series !== '')
      await trx
        .insertInto('kept_series')
        .values({ business_id: businessId, series: link.series, kept_at: at })
        .execute();
  });
}
