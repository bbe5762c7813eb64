import type { setupBodySchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { BusinessRow, UserRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { requestHash } from '../../lib/idempotency.js';
import { appendJournal } from '../../lib/journal.js';
import { stampRecord } from '../../lib/stamps.js';
import { hashPassword } from '../../lib/passwords.js';
import { ownServerId } from '../../lib/server-id.js';
import type { Trx } from '../../lib/tx.js';
import { DEFAULT_AVATAR } from '../files/files.repository.js';
import { assertLoginNamesFree } from '../users/users.repository.js';

export type SetupInput = z.output<typeof setupBodySchema>;

/** Name of the location every new business starts with. */
export const FIRST_LOCATION_NAME = 'Main shop';

export interface CreatedBusiness {
  business: BusinessRow;
  admin: UserRow;
  locationId: string;
}

/** The new business's row: the setup's name, currency, zone and language, defaults elsewhere. */
function businessRow(id: string, input: SetupInput, at: string, online: boolean): BusinessRow {
  return {
    id,
    name: input.business_name,
    logo: null,
    stamps: '{}',
    address: '',
    phone: '',
    email: '',
    tax_number: '',
    currency: input.currency,
    timezone: input.timezone,
    language: input.language,
    receipt_header: '',
    receipt_footer: '',
    payment_details: '{}',
    // A business created on a hosted server is an online business (seed spec §4: the hosted
    // server serves a shop only when it works both online and offline).
    online_offline: online ? 1 : 0,
    two_way_sync: 0,
    require_approved_devices: 0,
    allow_negative_stock: 0,
    max_discount_bp: 0,
    default_credit_limit: 0,
    receipt_width: 80,
    receipt_columns: 48,
    tax_name: '',
    week_start: 1,
    printer_host: '',
    printer_port: 9100,
    status: 'active',
    created_at: at,
    updated_at: at,
  };
}

/** The admin's row: at home at the first location, with the default picture. */
function adminRow(
  ids: { adminId: string; businessId: string; locationId: string },
  input: SetupInput,
  passwordHash: string,
  at: string,
): UserRow {
  return {
    id: ids.adminId,
    business_id: ids.businessId,
    stamps: '{}',
    name: input.admin_name ?? input.username,
    username: input.username,
    username_key: input.username.toLowerCase(),
    mobile: input.mobile ?? null,
    password_hash: passwordHash,
    role: 'admin',
    flags: '[]',
    img: DEFAULT_AVATAR,
    home_location_id: ids.locationId,
    active: 1,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
}

async function insertFirstLocation(trx: Trx, businessId: string, locationId: string, at: string) {
  await trx
    .insertInto('locations')
    .values({
      id: locationId,
      business_id: businessId,
      name: FIRST_LOCATION_NAME,
      active: 1,
      home_server_id: await ownServerId(trx),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .execute();
}

/** Inserts the admin and gives them the first location; a taken username or mobile is a 409. */
async function insertAdmin(trx: Trx, admin: UserRow, locationId: string, at: string) {
  try {
    await trx.insertInto('users').values(admin).execute();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('username_taken', 'This username or mobile number is taken', 'username');
    throw err;
  }
  await trx
    .insertInto('user_locations')
    .values({
      user_id: admin.id,
      location_id: locationId,
      business_id: admin.business_id,
      created_at: at,
    })
    .execute();
}

/** The journal's first three rows: the business, its location and its admin were created. */
async function journalCreation(trx: Trx, created: CreatedBusiness, deviceId: string | null, at: string) {
  const { business, admin, locationId } = created;
  const journal = { businessId: business.id, userId: admin.id, deviceId, at };
  const { stamp: s1 } = await appendJournal(trx, {
    ...journal,
    docType: 'business',
    docId: business.id,
    action: 'business.create',
    detail: { name: business.name },
  });
  await stampRecord(trx, business.id, 'business', business.id, s1, null);
  const { stamp: s2 } = await appendJournal(trx, {
    ...journal,
    docType: 'location',
    docId: locationId,
    action: 'location.create',
    detail: { name: FIRST_LOCATION_NAME },
  });
  await stampRecord(trx, business.id, 'location', locationId, s2, null);
  const { stamp: s3 } = await appendJournal(trx, {
    ...journal,
    docType: 'user',
    docId: admin.id,
    action: 'user.create',
    detail: { username: admin.username, role: 'admin' },
  });
  await stampRecord(trx, business.id, 'user', admin.id, s3, null);
}

/**
 * Creates a business, its "Main shop" location and its admin, in the caller's transaction.
 * `onlyIfNone` makes it refuse (409) when any business exists: the local server's first-run rule.
 * `online` starts it with "work both online and offline" on: a business created on a hosted server.
 */
export async function createBusiness(
  trx: Trx,
  input: SetupInput,
  passwordHash: string,
  at: string,
  deviceId: string | null,
  onlyIfNone: boolean,
  online = false,
): Promise<CreatedBusiness> {
  if (onlyIfNone) {
    const existing = await trx.selectFrom('businesses').select('id').limit(1).executeTakeFirst();
    if (existing) throw new AppError('already_set_up', 'This server is already set up');
  }
  await assertLoginNamesFree(trx, { username: input.username, mobile: input.mobile });
  const businessId = newId();
  const locationId = newId();
  const adminId = newId();
  const business = businessRow(businessId, input, at, online);
  await trx.insertInto('businesses').values(business).execute();
  await trx.insertInto('journal_counters').values({ business_id: businessId, last_seq: 0 }).execute();
  await insertFirstLocation(trx, businessId, locationId, at);
  const admin = adminRow({ adminId, businessId, locationId }, input, passwordHash, at);
  await insertAdmin(trx, admin, locationId, at);
  const created = { business, admin, locationId };
  await journalCreation(trx, created, deviceId, at);
  return created;
}

/** The transfer providers a new business starts with, by the country its currency names. */
const STARTER_PROVIDERS: Readonly<
  Record<string, readonly { name: string; kind: 'mobile_money' | 'bank' }[]>
> = {
  KES: [
    { name: 'M-Pesa', kind: 'mobile_money' },
    { name: 'Bank transfer', kind: 'bank' },
  ],
};

/**
 * The setup page's starter list (issue 16): a Kenyan business (KES) can take M-Pesa and bank
 * transfers from its first sale. Their till, paybill and account numbers are the profile's payment
 * details, left for the owner to fill. Only the first-run setup adds them: a business made
 * otherwise (the CLI, the hosted placeholder a shop links into) starts with none.
 */
export async function addStarterProviders(
  trx: Trx,
  created: CreatedBusiness,
  deviceId: string | null,
  at: string,
) {
  const { business, admin } = created;
  for (const p of STARTER_PROVIDERS[business.currency] ?? []) {
    const id = newId();
    await trx
      .insertInto('payment_providers')
      .values({
        id,
        business_id: business.id,
        name: p.name,
        kind: p.kind,
        active: 1,
        request_hash: requestHash({ name: p.name, kind: p.kind }),
        created_at: at,
        updated_at: at,
      })
      .execute();
    await appendJournal(trx, {
      businessId: business.id,
      userId: admin.id,
      deviceId,
      at,
      docType: 'payment_provider',
      docId: id,
      action: 'provider.create',
      detail: { name: p.name },
    });
  }
}

/** The CLI's and the API's setup: hashes the password, then creates everything in one transaction. */
export async function setUpBusiness(
  db: Db,
  clock: Clock,
  input: SetupInput,
  opts: { onlyIfNone: boolean; deviceId?: string | null; online?: boolean },
): Promise<CreatedBusiness> {
  const passwordHash = await hashPassword(input.password);
  return db.kysely
    .transaction()
    .execute((trx) =>
      createBusiness(
        trx,
        input,
        passwordHash,
        clock.now().toISOString(),
        opts.deviceId ?? null,
        opts.onlyIfNone,
        opts.online ?? false,
      ),
    );
}
