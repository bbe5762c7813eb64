import { createHash, randomBytes, randomInt } from 'node:crypto';
import { LINK_CODE_ALPHABET, LINK_CODE_TTL_MS, normaliseLinkCode } from '@duka/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { migrationsFor } from '../../db/database.js';
import { ARCHIVE_TABLES } from '../../backup/archive-tables.js';
import { AppError, isAppError } from '../../lib/errors.js';
import { claimAttempt } from '../auth/login-throttle.js';
import { nameClashRules } from '../users/name-clashes.js';
import { type Trx, lockBusiness } from '../../lib/tx.js';
import { SYNC_LIMITS } from './apply.js';
import { applyDocuments } from './apply-documents.js';
import { type AnyDb, type KeyHandling, hashBody } from './documents.js';
import { seriesForLink } from './series.js';
import { CREDENTIAL_PREFIX, type Cursor, type LinkAnswer, type LinkRequest } from './wire.js';
import { loginNameKey, mobileForms } from '../users/users.repository.js';

/** SHA-256 hex: link codes and credentials are kept only as their hash. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A new one-time link code for a hosted business (ADR 11 §3.1): 8 Crockford base32 characters, 15 minutes. */
export async function makeLinkCode(
  db: Db,
  businessId: string,
  createdBy: string | null,
  now: Date,
): Promise<{ code: string; expires_at: string }> {
  let code = '';
  for (let i = 0; i < 8; i++) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  const expires = new Date(now.getTime() + LINK_CODE_TTL_MS).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  await db.kysely.deleteFrom('link_codes').where('created_at', '<', dayAgo).execute();
  await db.kysely
    .insertInto('link_codes')
    .values({
      code_hash: sha256(code),
      business_id: businessId,
      created_by: createdBy,
      created_at: now.toISOString(),
      expires_at: expires,
      used_at: null,
      used_by_server: null,
    })
    .execute();
  return { code, expires_at: expires };
}

const invalidCode = () =>
  new AppError('link_code_invalid', 'This link code is wrong, used or expired', 'code');

/**
 * Takes the code once: of two hosted processes racing for it, one gets the business. The same
 * server asking again with it before it expires is the shop retrying a link whose answer it never
 * got (the line cut after the hosted side committed): the business it linked to is answered, so
 * the link is made again with a new credential (the QA's sync run: the retry was refused as a used
 * code, and the placeholder's owner, deleted by the first link, could make no other).
 */
async function takeCode(trx: Trx, code: string, serverId: string, at: string): Promise<string> {
  const codeHash = sha256(normaliseLinkCode(code));
  const row = await trx
    .updateTable('link_codes')
    .set({ used_at: at, used_by_server: serverId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('business_id')
    .executeTakeFirst();
  if (row) return row.business_id;
  const again = await trx
    .selectFrom('link_codes as c')
    .innerJoin('sync_servers as s', 's.id', 'c.used_by_server')
    .select('s.business_id')
    .where('c.code_hash', '=', codeHash)
    .where('c.used_by_server', '=', serverId)
    .where('c.expires_at', '>', at)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!again) throw invalidCode();
  return again.business_id;
}

/** Document types a business made on the hosted site only by signing up holds (ADR 11 §3.5 rule 1). */
const PLACEHOLDER_TYPES = ['business', 'location', 'user', 'file', 'session', 'device'];

async function isPlaceholder(trx: Trx, businessId: string): Promise<boolean> {
  const other = await trx
    .selectFrom('journal')
    .select('id')
    .where('business_id', '=', businessId)
    .where('doc_type', 'not in', PLACEHOLDER_TYPES)
    .executeTakeFirst();
  if (other) return false;
  const count = async (table: 'locations' | 'users') =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('business_id', '=', businessId)
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const servers = await trx
    .selectFrom('sync_servers')
    .select('id')
    .where('business_id', '=', businessId)
    .executeTakeFirst();
  return !servers && (await count('locations')) <= 1 && (await count('users')) <= 1;
}

/**
 * Re-linking a server to its business (after an unlink, after a revoke, a PC restored from its
 * backup): allowed when it holds every entry it sent here (ADR 11 §3.5 rule 2). What other servers
 * wrote meanwhile reaches it by the pull (§11.3), so only its own origin is compared. Answers the
 * cursor to resume pushing from.
 */
async function resumeCursor(trx: Trx, businessId: string, serverId: string, head: Cursor): Promise<Cursor> {
  const last = await trx
    .selectFrom('journal')
    .select(['id', 'origin_seq'])
    .where('business_id', '=', businessId)
    .where('origin', '=', serverId)
    .orderBy('origin_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const cursor = last ? { seq: Number(last.origin_seq), entry_id: last.id } : { seq: 0, entry_id: null };
  if (cursor.seq > head.seq)
    throw new AppError('link_business_has_data', 'The hosted business has records this shop does not have');
  return cursor;
}

/**
 * A server joining a business other servers already brought here (a branch, or a replacement
 * PC restored from a copy; ADR 11 §11.7): it starts with none of its own entries here.
 */
async function isFurtherServer(trx: Trx, businessId: string, serverId: string): Promise<boolean> {
  const rows = await trx
    .selectFrom('sync_servers')
    .select('id')
    .where('business_id', '=', businessId)
    .where('hosted', '=', 0)
    .execute();
  return rows.length > 0 && !rows.some((r) => r.id === serverId);
}

/** User names and mobiles sign in without naming a business, so they must be free across the hosted server. */
async function checkLogins(trx: Trx, req: LinkRequest, except: string[]): Promise<void> {
  const keys = req.logins.map((l) => l.username_key);
  const mobiles = req.logins.map((l) => l.mobile).filter((m): m is string => !!m);
  for (const slice of [keys]) {
    if (slice.length === 0) continue;
    const clash = await trx
      .selectFrom('users')
      .select('username')
      .where('username_key', 'in', slice)
      .where('business_id', 'not in', except)
      .executeTakeFirst();
    if (clash)
      throw new AppError(
        'link_username_taken',
        'A user name is taken',
        undefined,
        {},
        { username: clash.username },
      );
  }
  // a username that is another business's mobile (with or without its +) is taken too
  if (keys.length > 0) {
    const clash = await trx
      .selectFrom('users')
      .select('mobile')
      .where('mobile', 'in', keys.flatMap(mobileForms))
      .where('business_id', 'not in', except)
      .executeTakeFirst();
    if (clash)
      throw new AppError(
        'link_username_taken',
        'A user name is taken',
        undefined,
        {},
        // the name as this business has it, not the other business's mobile
        { username: loginNameKey(clash.mobile ?? '') },
      );
  }
  if (mobiles.length > 0) {
    const clash = await trx
      .selectFrom('users')
      .select(['mobile', 'username_key'])
      .where((eb) =>
        eb.or([
          // with or without its + (sign-in takes either form)
          eb('mobile', 'in', mobiles.flatMap(mobileForms)),
          // a mobile that is another business's username
          eb('username_key', 'in', mobiles.map(loginNameKey)),
        ]),
      )
      .where('business_id', 'not in', except)
      .executeTakeFirst();
    if (clash)
      throw new AppError(
        'link_mobile_taken',
        'A mobile is taken',
        undefined,
        {},
        // the mobile as this business has it (the other business's user may have it as a username)
        {
          mobile:
            mobiles.find(
              (m) => mobileForms(m).includes(clash.mobile ?? '') || loginNameKey(m) === clash.username_key,
            ) ?? '',
        },
      );
  }
}

/** Every row of a placeholder business, children first (ARCHIVE_TABLES is parents first). */
async function deleteBusiness(trx: Trx, businessId: string): Promise<void> {
  const k = trx as unknown as AnyDb;
  await trx.deleteFrom('sessions').where('business_id', '=', businessId).execute();
  for (const t of [...ARCHIVE_TABLES].reverse()) {
    if ('via' in t.scope) {
      const s = t.scope;
      await k
        .deleteFrom(t.name)
        .where(
          sql.ref(s.column),
          'in',
          k
            .selectFrom(sql.table(s.via).as('p'))
            .select(sql.ref(`p.${s.parentKey}`).as('k'))
            .where(sql.ref('p.business_id'), '=', businessId),
        )
        .execute();
    } else await k.deleteFrom(t.name).where(sql.ref(t.scope.column), '=', businessId).execute();
  }
}

async function sentBefore(trx: Trx, businessId: string, serverId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('journal')
    .select('id')
    .where('business_id', '=', businessId)
    .where('origin', '=', serverId)
    .executeTakeFirst();
  return !!row;
}

export interface LinkDeps {
  db: Db;
  keys: KeyHandling;
  now: () => Date;
}

/**
 * A link refused because a name is taken answers that name (`checkLogins`): such answers are
 * counted with the business's other names found taken (users/name-clashes.ts), in a transaction
 * of their own since the link's is rolled back; past the limit the link is refused 429
 * `rate_limited` instead, naming nothing (a link code is the business's own to make, and each
 * link attempt sends any users the shop likes).
 */
async function countedTakenNames<T>(
  deps: LinkDeps,
  business: () => string,
  link: () => Promise<T>,
): Promise<T> {
  try {
    return await link();
  } catch (err) {
    const code = isAppError(err) ? err.code : null;
    if ((code === 'link_username_taken' || code === 'link_mobile_taken') && business() !== '')
      await claimAttempt(
        deps.db.kysely,
        deps.db.dialect,
        nameClashRules(business()),
        deps.now(),
        'Too many names found taken',
      );
    throw err;
  }
}

/** The hosted side of linking (ADR 11 §3.5), all in one transaction. */
export async function acceptLink(deps: LinkDeps, req: LinkRequest): Promise<LinkAnswer> {
  const at = deps.now().toISOString();
  const known = new Set(Object.keys(migrationsFor(deps.db.dialect)));
  const business = req.business;
  if (business && (business.type !== 'business' || hashBody(business.body) !== business.hash))
    throw new AppError('sync_batch_invalid', 'The business document is not valid');
  const credential = CREDENTIAL_PREFIX + randomBytes(32).toString('base64url');
  let shopId = business?.id ?? '';
  let codeOf = '';
  const linked = await countedTakenNames(
    deps,
    () => codeOf,
    () =>
      deps.db.kysely.transaction().execute(async (trx) => {
        const target = await takeCode(trx, req.code, req.server.id, at);
        codeOf = target;
        if (req.server.migrations.some((m) => !known.has(m)))
          throw new AppError('sync_schema_newer', 'This shop runs a newer Duka than the hosted server');
        let resume: Cursor;
        if (!business) {
          // A new branch's PC joins the business the code names: it pushes from nothing and pulls
          // the whole business (ADR 11 §11.7). A server that already sent this business entries is
          // not new: it links with its business.
          shopId = target;
          if (req.head.seq !== 0 || (await sentBefore(trx, target, req.server.id)))
            throw new AppError(
              'link_business_has_data',
              'The hosted business has records this shop does not have',
            );
          resume = { seq: 0, entry_id: null };
        } else if (target === shopId) {
          resume = (await isFurtherServer(trx, shopId, req.server.id))
            ? { seq: 0, entry_id: null }
            : await resumeCursor(trx, shopId, req.server.id, req.head);
          await checkLogins(trx, req, [shopId]);
        } else {
          await replacePlaceholder(deps, trx, req, business, target, at);
          resume = { seq: 0, entry_id: null };
        }
        await lockBusiness(deps.db, trx, shopId);
        const series = await seriesForLink(trx, shopId, req.server.id, at);
        await saveServer(trx, req, shopId, credential, resume, at, series.series);
        return { resume, series };
      }),
  );
  return {
    credential,
    server_id: req.server.id,
    business_id: shopId,
    cursor: linked.resume,
    series: linked.series.series,
    receipt_last_no: linked.series.last_no,
    time_ms: deps.now().getTime(),
    limits: SYNC_LIMITS,
  };
}

/** The shop's business takes the place of a hosted business made only by signing up (§3.5 rule 1). */
async function replacePlaceholder(
  deps: LinkDeps,
  trx: Trx,
  req: LinkRequest,
  business: NonNullable<LinkRequest['business']>,
  target: string,
  at: string,
): Promise<void> {
  const shopId = business.id;
  const exists = await trx.selectFrom('businesses').select('id').where('id', '=', shopId).executeTakeFirst();
  if (exists || !(await isPlaceholder(trx, target)))
    throw new AppError('link_business_has_data', 'The hosted business has records this shop does not have');
  await checkLogins(trx, req, [target]);
  const placeholder = await trx
    .selectFrom('businesses')
    .select('status')
    .where('id', '=', target)
    .executeTakeFirstOrThrow();
  await deleteBusiness(trx, target);
  await applyDocuments(
    trx,
    { businessId: shopId, serverId: req.server.id, at, keys: deps.keys, dialect: deps.db.dialect },
    [business],
  );
  await trx.updateTable('businesses').set({ status: placeholder.status }).where('id', '=', shopId).execute();
}

/** One credential per server at a time: linking the same server again voids the old one. */
async function saveServer(
  trx: Trx,
  req: LinkRequest,
  businessId: string,
  credential: string,
  cursor: Cursor,
  at: string,
  series: string,
) {
  const values = {
    business_id: businessId,
    series,
    name: req.server.name,
    credential_hash: sha256(credential),
    credential_prefix: credential.slice(0, CREDENTIAL_PREFIX.length + 4),
    state: 'copying',
    cursor: cursor.seq,
    cursor_entry_id: cursor.entry_id,
    reported_head: req.head.seq,
    reported_waiting: req.head.seq - cursor.seq,
    app_version: req.server.app_version,
    schema: req.server.migrations.at(-1) ?? '',
    linked_at: at,
    last_contact_at: at,
    revoked_at: null,
    revoked_by: null,
  };
  const existing = await trx
    .selectFrom('sync_servers')
    .select(['business_id', 'revoked_at', 'hosted'])
    .where('id', '=', req.server.id)
    .executeTakeFirst();
  // The hosted site's own row of a business (its receipt series, series.ts) is no shop's to take:
  // a link under its id got a working credential for a row the owner's list does not show.
  if (existing?.hosted) throw new AppError('sync_forbidden', 'This id is the hosted site of a business');
  // A server id another business links and has not revoked is not this code's to take (a guessed
  // id, or two PCs cloned from one image): its row, credential and cursor stay that business's.
  if (existing && existing.business_id !== businessId && !existing.revoked_at)
    throw new AppError('sync_forbidden', 'This server is linked to another business');
  if (existing)
    await trx
      .updateTable('sync_servers')
      .set(values)
      .where('id', '=', req.server.id)
      .where('business_id', '=', existing.business_id)
      .execute();
  else
    await trx
      .insertInto('sync_servers')
      .values({ id: req.server.id, ...values })
      .execute();
}

/** Revokes a server's credential; its next request is refused, also one waiting on the row lock. */
export async function revokeServer(
  db: Db,
  businessId: string | null,
  serverId: string,
  by: string | null,
  at: string,
) {
  let q = db.kysely
    .updateTable('sync_servers')
    .set({ revoked_at: at, revoked_by: by, state: 'revoked' })
    .where('id', '=', serverId)
    .where('hosted', '=', 0);
  if (businessId) q = q.where('business_id', '=', businessId);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new AppError('not_found', 'No such server');
}

/** The server a bearer credential belongs to, or a 401. */
export async function serverByCredential(db: Db, header: string | undefined) {
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token.startsWith(CREDENTIAL_PREFIX)) throw new AppError('unauthorized', 'A sync credential is needed');
  const row = await db.kysely
    .selectFrom('sync_servers')
    .selectAll()
    .where('credential_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) throw new AppError('unauthorized', 'Unknown sync credential');
  if (row.revoked_at) throw new AppError('sync_revoked', "This server's link was revoked");
  return row;
}
