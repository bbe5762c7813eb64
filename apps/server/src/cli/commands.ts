import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  ALL_FLAGS,
  isFlag,
  setupBodySchema,
  userCreateSchema,
  passwordSchema,
  rolesFromFlags,
  flagsFromRoles,
} from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../db/database.js';
import { systemContext } from '../lib/context.js';
import { systemClock } from '../lib/clock.js';
import { seedDemo } from '../modules/demo/demo.service.js';
import { setUpBusiness } from '../modules/setup/setup.service.js';
import { findUserByLogin } from '../modules/users/users.repository.js';
import { createUser, resetPassword } from '../modules/users/users.service.js';
import type { Config } from '../config.js';
import { BACKUP_USAGE, runBackupCommand } from './backup-commands.js';
import { SYNC_USAGE, runSyncCommand } from './sync-commands.js';

export const USAGE = `Usage: npm run duka -- <command>

  init --business NAME --admin-username U --admin-password P
       [--currency KES] [--timezone Africa/Nairobi] [--language en] [--admin-name N] [--mobile M]
  user add --username U --password P [--role staff|admin] [--flags sell_cash,current_sales,...]
       [--name N] [--mobile M] [--business-id ID]
  user reset-password --username U --password P
  demo [--password P]   an empty database becomes a demo shop with two weeks of sales
                        (users owner and cashier; a password is made and printed if none is given)
${BACKUP_USAGE}
${SYNC_USAGE}

Flags: ${ALL_FLAGS.join(', ')}`;

export class CliError extends Error {}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new CliError(`${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

function options(args: string[], spec: Record<string, { required?: boolean }>) {
  const { values, positionals } = parseArgs({
    args,
    options: Object.fromEntries(Object.keys(spec).map((k) => [k, { type: 'string' as const }])),
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new CliError(`Unexpected argument: ${positionals[0]}`);
  for (const [k, s] of Object.entries(spec)) {
    if (s.required && !values[k]) throw new CliError(`Missing --${k}`);
  }
  return values as Record<string, string | undefined>;
}

async function businessFor(db: Db, id: string | undefined): Promise<string> {
  if (id) {
    const found = await db.kysely
      .selectFrom('businesses')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw new CliError(`No business with id ${id}`);
    return found.id;
  }
  const all = await db.kysely.selectFrom('businesses').select(['id', 'name']).limit(2).execute();
  if (all.length === 0) throw new CliError('No business yet: run `npm run duka -- init` first');
  if (all.length > 1) throw new CliError('This server holds several businesses: pass --business-id');
  return all[0]!.id;
}

const at = () => systemClock.now().toISOString();

/** `init`: the business, its first location and its admin. */
async function init(args: string[], db: Db, mode: Config['mode'], out: (line: string) => void) {
  const o = options(args, {
    business: { required: true },
    'admin-username': { required: true },
    'admin-password': { required: true },
    currency: {},
    timezone: {},
    language: {},
    'admin-name': {},
    mobile: {},
  });
  const input = parse(setupBodySchema, {
    business_name: o.business,
    username: o['admin-username'],
    password: o['admin-password'],
    currency: o.currency,
    timezone: o.timezone,
    language: o.language,
    admin_name: o['admin-name'],
    mobile: o.mobile,
  });
  // A local server holds one business; a hosted one holds many, each an online business.
  const created = await setUpBusiness(db, systemClock, input, {
    onlyIfNone: mode === 'local',
    online: mode === 'hosted',
  });
  out(
    `Created business "${created.business.name}" (id ${created.business.id}) with admin "${created.admin.username}".`,
  );
}

/** `user add`: a staff user (or admin) with the flags given. */
async function addUser(args: string[], db: Db, out: (line: string) => void) {
  const o = options(args, {
    username: { required: true },
    password: { required: true },
    role: {},
    flags: {},
    name: {},
    mobile: {},
    'business-id': {},
  });
  const flags = (o.flags ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = flags.find((f) => !isFlag(f));
  if (unknown) throw new CliError(`Unknown flag: ${unknown}. Known flags: ${ALL_FLAGS.join(', ')}`);
  const input = parse(userCreateSchema, {
    name: o.name ?? o.username,
    username: o.username,
    password: o.password,
    role: o.role ?? 'staff',
    mobile: o.mobile,
    // no --flags: the API's default (a staff user is a cashier)
    user_roles: o.flags === undefined ? undefined : rolesFromFlags(flags),
  });
  const businessId = await businessFor(db, o['business-id']);
  const user = await createUser(db, await systemContext(db.kysely, businessId, at()), input);
  const given = flagsFromRoles(user.user_roles);
  const granted = given.length ? ` with ${given.join(', ')}` : '';
  out(`Added ${user.role} "${user.username}" (id ${user.id})${granted}.`);
}

/** `demo`: a demo shop in an empty database (refuses a database that holds a business). */
async function demo(args: string[], db: Db, mode: Config['mode'], out: (line: string) => void) {
  const o = options(args, { password: {} });
  const made = o.password === undefined;
  const password = made ? randomBytes(9).toString('base64url') : parse(passwordSchema, o.password);
  out('Filling the database with a demo shop (two weeks of sales)…');
  const r = await seedDemo(db, { password, online: mode === 'hosted' });
  out(
    `Demo shop "${r.businessName}" ready: ${r.products} products, ${r.sales} sales over ${r.days} days (business id ${r.businessId}).`,
  );
  out(
    `Sign in as "${r.usernames.owner}" (owner) or "${r.usernames.cashier}" (cashier)${made ? ` with the password ${password}` : ' with the password you gave'}.`,
  );
}

/** `user reset-password`: a new password; the user's sessions end. */
async function resetUserPassword(args: string[], db: Db, out: (line: string) => void) {
  const o = options(args, { username: { required: true }, password: { required: true } });
  const password = parse(passwordSchema, o.password);
  const user = await findUserByLogin(db.kysely, o.username!);
  if (!user) throw new CliError(`No user named ${o.username}`);
  await resetPassword(db, await systemContext(db.kysely, user.business_id, at()), user.id, password);
  if (!user.active) out(`Note: "${user.username}" is deactivated; an admin must reactivate the account.`);
  out(`Password of "${user.username}" changed; their sessions have ended.`);
}

export async function runCli(
  argv: string[],
  db: Db,
  out: (line: string) => void,
  config: Config,
): Promise<void> {
  const [command, sub, ...rest] = argv;
  if (command === 'backup' || command === 'export' || command === 'import') {
    await runBackupCommand(command, argv.slice(1), db, config, (id) => businessFor(db, id), out);
    return;
  }
  if (command === 'init') return init(argv.slice(1), db, config.mode, out);
  if (command === 'demo') return demo(argv.slice(1), db, config.mode, out);
  if (await runSyncCommand(argv, db, config, (id) => businessFor(db, id), out)) return;
  if (command === 'user' && sub === 'add') return addUser(rest, db, out);
  if (command === 'user' && sub === 'reset-password') return resetUserPassword(rest, db, out);
  throw new CliError(
    command ? `Unknown command: ${[command, sub].filter(Boolean).join(' ')}\n\n${USAGE}` : USAGE,
  );
}
