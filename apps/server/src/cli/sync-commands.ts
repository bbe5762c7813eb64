import { parseArgs } from 'node:util';
import { formatLinkCode, linkBodySchema } from '@duka/domain';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { makeLinkCode, revokeServer } from '../modules/sync/link-hosted.js';
import { joinHosted, linkToHosted, unlink } from '../modules/sync/link-local.js';
import { syncStatus } from '../modules/sync/status.js';

export const SYNC_USAGE = `  link-code --business-id ID          (hosted) a one-time code to link a shop PC, valid 15 minutes
  link --hosted URL --code CODE [--name N] [--business-id ID]
                                       (local) link this shop to the hosted business the code names;
                                       on a PC with no business yet, join it as a new branch
  unlink [--business-id ID]            (local) forget the link (the hosted side revokes separately)
  sync status [--business-id ID]       what waits, the last push and contact, the clock skew
  sync servers --business-id ID        (hosted) the shop servers linked to a business
  sync revoke --server-id ID           (hosted) refuse a shop server's credential from now on`;

export class SyncCliError extends Error {}

function opts(args: string[], names: string[]): Record<string, string | undefined> {
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((k) => [k, { type: 'string' as const }])),
    strict: true,
  });
  return values;
}

const need = (o: Record<string, string | undefined>, k: string): string => {
  const v = o[k];
  if (!v) throw new SyncCliError(`Missing --${k}`);
  return v;
};

/** The sync commands of `npm run duka --` (ADR 11 §3.3). Answers false for a command that is not one. */
export async function runSyncCommand(
  argv: string[],
  db: Db,
  config: Config,
  businessFor: (id: string | undefined) => Promise<string>,
  out: (line: string) => void,
): Promise<boolean> {
  const [command, sub, ...rest] = argv;
  const keys = { keyEncryptionKey: config.keyEncryptionKey };
  const now = systemClock.now();
  if (command === 'link-code') {
    if (config.mode !== 'hosted') throw new SyncCliError('link-code runs on the hosted server');
    const o = opts(argv.slice(1), ['business-id']);
    const businessId = await businessFor(need(o, 'business-id'));
    const code = await makeLinkCode(db, businessId, null, now);
    out(`Link code: ${formatLinkCode(code.code)} (valid until ${code.expires_at}; it works once)`);
    return true;
  }
  if (command === 'link') {
    const o = opts(argv.slice(1), ['hosted', 'code', 'name', 'business-id']);
    const body = linkBodySchema.safeParse({ hosted_url: need(o, 'hosted'), code: need(o, 'code') });
    if (!body.success)
      throw new SyncCliError(`Not a valid address or code: ${body.error.issues[0]?.message}`);
    const any = await db.kysely.selectFrom('businesses').select('id').executeTakeFirst();
    if (!any) {
      // A new branch's PC: it joins the business the code names and pulls all of it.
      const id = await joinHosted(db, body.data.hosted_url, body.data.code, keys, now.toISOString(), o.name);
      out(
        `Joined business ${id} at ${body.data.hosted_url} as a new branch. The running server copies it within minutes; then its users sign in here.`,
      );
      return true;
    }
    const businessId = await businessFor(o['business-id']);
    await linkToHosted(db, businessId, body.data.hosted_url, body.data.code, keys, now.toISOString(), o.name);
    out(`Linked to ${body.data.hosted_url}. The running server starts sending within seconds.`);
    return true;
  }
  if (command === 'unlink') {
    const o = opts(argv.slice(1), ['business-id']);
    await unlink(db, await businessFor(o['business-id']));
    out('Unlinked. Ask an admin of the hosted business to revoke this PC there.');
    return true;
  }
  if (command !== 'sync') return false;
  if (sub === 'status') {
    const o = opts(rest, ['business-id']);
    out(JSON.stringify(await syncStatus(db, await businessFor(o['business-id']), config.mode), null, 2));
    return true;
  }
  if (sub === 'servers') {
    const o = opts(rest, ['business-id']);
    const status = await syncStatus(db, await businessFor(need(o, 'business-id')), 'hosted');
    out(JSON.stringify(status.role === 'hosted' ? status.servers : [], null, 2));
    return true;
  }
  if (sub === 'revoke') {
    const o = opts(rest, ['server-id']);
    await revokeServer(db, null, need(o, 'server-id'), null, now.toISOString());
    out('Revoked: its next request is refused.');
    return true;
  }
  return false;
}
