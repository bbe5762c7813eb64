import {
  type Business,
  type BusinessPublic,
  paymentDetailsSchema,
  receiptColumnsOf,
  weekStartOf,
} from '@duka/domain';
import type { Kysely } from 'kysely';
import type { BusinessRow, Database } from '../../db/tables.js';
import type { ContextBusiness } from '../../lib/context.js';

export function toBusiness(row: ContextBusiness): Business {
  let details: unknown = {};
  try {
    details = JSON.parse(row.payment_details);
  } catch {
    details = {};
  }
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
    address: row.address,
    phone: row.phone,
    email: row.email,
    tax_number: row.tax_number,
    currency: row.currency,
    timezone: row.timezone,
    language: row.language as Business['language'],
    receipt_header: row.receipt_header,
    receipt_footer: row.receipt_footer,
    payment_details: paymentDetailsSchema.parse(details),
    online_offline: row.online_offline ? 1 : 0,
    two_way_sync: row.two_way_sync === 1,
    require_approved_devices: row.require_approved_devices === 1,
    allow_negative_stock: row.allow_negative_stock === 1,
    max_discount_bp: row.max_discount_bp,
    default_credit_limit: Number(row.default_credit_limit),
    receipt_width: row.receipt_width === 58 ? 58 : 80,
    receipt_columns: receiptColumnsOf(row.receipt_width, row.receipt_columns),
    tax_name: row.tax_name,
    week_start: weekStartOf(row.week_start),
    printer_host: row.printer_host,
    printer_port: row.printer_port,
    updated_at: row.updated_at,
  };
}

/** Only a local server reaches the shop's network printer, and only when the profile names one. */
export function hasNetworkPrinter(row: ContextBusiness, mode: 'local' | 'hosted'): boolean {
  return mode === 'local' && row.printer_host.trim() !== '';
}

/** What every user may read of the business (`GET /api/business`, the session's `business`). */
export function toBusinessPublic(row: ContextBusiness, mode: 'local' | 'hosted'): BusinessPublic {
  const b = toBusiness(row);
  return {
    id: b.id,
    name: b.name,
    logo: b.logo,
    currency: b.currency,
    timezone: b.timezone,
    language: b.language,
    allow_negative_stock: b.allow_negative_stock,
    max_discount_bp: b.max_discount_bp,
    default_credit_limit: b.default_credit_limit,
    receipt_width: b.receipt_width,
    receipt_columns: b.receipt_columns,
    tax_name: b.tax_name,
    week_start: b.week_start,
    network_printer: hasNetworkPrinter(row, mode),
  };
}

export function findBusiness(db: Kysely<Database>, id: string): Promise<BusinessRow | undefined> {
  return db.selectFrom('businesses').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countBusinesses(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('businesses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
