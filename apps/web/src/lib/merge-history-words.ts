import type { TFunction } from 'i18next';
import { type FieldHistoryItem, weekStartOf } from '@duka/domain';
import type { useFormat } from './format';

/** The records whose replaced values the web shows (ADR 11 §11.1), as the server names them. */
export type MergeDocType =
  | 'product'
  | 'user'
  | 'debtor'
  | 'supplier'
  | 'location'
  | 'business'
  | 'payment_provider'
  | 'expense_category';

type Format = ReturnType<typeof useFormat>;
/** Names of the records a value may point at (a user's locations), when the screen knows them. */
export interface MergeLookups {
  location?: (id: string) => string | undefined;
}

const STATUS = 'users.status';
const DELETED = 'history.fields.deleted';

/** The words of each field group, per record (the group names of the server's field-groups.ts). */
export const FIELD_KEYS: Record<MergeDocType, Record<string, string>> = {
  product: {
    name: 'stock.product.name',
    code: 'stock.product.code',
    price: 'stock.product.price',
    barcodes: 'stock.product.barcodes',
    category: 'stock.product.category',
    unit: 'stock.product.unit',
    reorder_level: 'stock.product.reorder',
    avg_cost: 'history.fields.avgCost',
    image: 'history.fields.image',
    active: STATUS,
    deleted_at: DELETED,
  },
  user: {
    name: 'users.name',
    username: 'users.username',
    mobile: 'users.mobile',
    password_hash: 'auth.password',
    role: 'users.role',
    flags: 'users.preset',
    img: 'history.fields.photo',
    locations: 'history.fields.locations',
    active: STATUS,
    deleted_at: DELETED,
  },
  debtor: {
    name: 'debtors.name',
    phone: 'debtors.phone',
    id_number: 'debtors.idNumber',
    credit_limit: 'debtors.limit',
    note: 'debtors.note',
    active: 'debtors.active',
    deleted_at: DELETED,
  },
  supplier: {
    name: 'stock.suppliers.name',
    contact_name: 'stock.suppliers.contact',
    phone: 'stock.suppliers.phone',
    email: 'stock.suppliers.email',
    address: 'stock.suppliers.address',
    notes: 'stock.suppliers.notes',
    active: STATUS,
    deleted_at: DELETED,
  },
  location: {
    name: 'stock.locations.name',
    active: STATUS,
    home_server_id: 'history.fields.homeServer',
    deleted_at: DELETED,
  },
  business: {
    name: 'business.name',
    logo: 'business.logo',
    address: 'business.address',
    phone: 'business.phone',
    email: 'business.email',
    tax_number: 'business.taxNumber',
    currency: 'business.currency',
    timezone: 'business.timezone',
    language: 'business.language',
    receipt_header: 'business.receiptHeader',
    receipt_footer: 'business.receiptFooter',
    payment_details: 'business.paymentDetails',
    online_offline: 'business.onlineOffline',
    two_way_sync: 'business.twoWaySync',
    require_approved_devices: 'business.requireApprovedDevices',
    allow_negative_stock: 'business.allowNegativeStock',
    max_discount_bp: 'business.maxDiscount',
    default_credit_limit: 'business.defaultCreditLimit',
    receipt_width: 'printing.profile.width',
    receipt_columns: 'printing.profile.columns',
    tax_name: 'business.taxName',
    week_start: 'business.weekStart',
  },
  payment_provider: {
    name: 'transfers.providerName',
    kind: 'transfers.kind',
    active: 'transfers.status',
  },
  expense_category: {
    name: 'expenses.categoryName',
    active: 'transfers.status',
  },
};

/** Fields holding money in minor units. */
const MONEY = new Set(['avg_cost', 'credit_limit', 'default_credit_limit']);

/** The business's switches (0 or 1), said yes or no. */
const SWITCHES = new Set([
  'online_offline',
  'two_way_sync',
  'require_approved_devices',
  'allow_negative_stock',
]);

/** The payment details printed on receipts, each under its own label, in the form's order. */
const PAYMENT_DETAILS: readonly [string, string][] = [
  ['mpesa_paybill', 'business.mpesaPaybill'],
  ['mpesa_account', 'business.mpesaAccount'],
  ['mpesa_till', 'business.mpesaTill'],
  ['bank_name', 'business.bankName'],
  ['bank_account', 'business.bankAccount'],
  ['other', 'business.otherPayment'],
];

const num = (x: unknown) => (typeof x === 'number' ? x : Number(x));
const text = (x: unknown) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '');
const list = (x: unknown): unknown[] => {
  if (Array.isArray(x)) return x;
  if (typeof x !== 'string') return [];
  try {
    const v: unknown = JSON.parse(x);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

/** A user's home and allowed locations, by name where the screen knows them. */
function locationWords(v: Record<string, unknown>, t: TFunction, lookups: MergeLookups): string {
  const name = (id: unknown) => (typeof id === 'string' ? (lookups.location?.(id) ?? id) : '');
  const allowed = list(v['@user_locations']).map((r) =>
    name(r && typeof r === 'object' ? (r as Record<string, unknown>).location_id : r),
  );
  return t('history.locations', {
    home: v.home_location_id ? name(v.home_location_id) : t('history.none'),
    allowed: allowed.length ? allowed.join(', ') : t('history.none'),
  });
}

const object = (x: unknown): Record<string, unknown> => {
  if (x && typeof x === 'object' && !Array.isArray(x)) return x as Record<string, unknown>;
  if (typeof x !== 'string') return {};
  try {
    return object(JSON.parse(x));
  } catch {
    return {};
  }
};

/** A language named in itself ("Español"), as the language picker names it. */
function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/** The business's settings in words: payment details by label, switches, a discount, a roll. */
function businessWords(field: string, v: Record<string, unknown>, t: TFunction, f: Format): string | null {
  if (SWITCHES.has(field)) return num(v[field]) ? t('history.yes') : t('history.no');
  if (field === 'payment_details') {
    const d = object(v.payment_details);
    const parts = PAYMENT_DETAILS.filter(([k]) => text(d[k]).trim()).map(
      ([k, key]) => `${t(key)} ${text(d[k])}`,
    );
    return parts.length ? parts.join(', ') : t('history.none');
  }
  if (field === 'max_discount_bp') return f.percent(num(v.max_discount_bp));
  if (field === 'receipt_width') return `${num(v.receipt_width)} mm`;
  if (field === 'receipt_columns') return t('printing.profile.characters', { n: num(v.receipt_columns) });
  if (field === 'tax_name') return text(v.tax_name).trim() || t('history.none');
  if (field === 'week_start') return t(`business.weekDay.${weekStartOf(num(v.week_start))}`);
  if (field === 'language') return languageName(text(v.language));
  if (field === 'logo') return v.logo ? t('history.picture') : t('history.none');
  return null;
}

/** A group's value in words: money, a price with its tax rate, a list, a right, yes or no. */
export function valueWords(
  doc: MergeDocType,
  field: string,
  v: Record<string, unknown>,
  t: TFunction,
  f: Format,
  lookups: MergeLookups = {},
): string {
  if (doc === 'user' && field === 'password_hash') return t('history.hidden');
  if (field === 'price') {
    const tax = num(v.tax_rate);
    return `${f.money(num(v.price))}${tax ? ` (${f.percent(tax)})` : ''}`;
  }
  if (MONEY.has(field)) return f.money(num(v[field]));
  if (doc === 'product' && field === 'reorder_level') return f.quantity(num(v.reorder_level));
  if (doc === 'product' && field === 'unit')
    return t(`stock.units.${text(v.unit)}`, { defaultValue: text(v.unit) });
  if (field === 'barcodes') {
    const codes = list(v['@product_barcodes'] ?? v.barcodes).map((b) =>
      b && typeof b === 'object' ? text((b as Record<string, unknown>).barcode) : text(b),
    );
    return codes.length ? codes.join(', ') : t('history.none');
  }
  if (doc === 'business') {
    const words = businessWords(field, v, t, f);
    if (words !== null) return words;
  }
  if (doc === 'location' && field === 'home_server_id') {
    if (!v.home_server_id) return t('history.none');
    if (v.home_here) return t('history.thisServer');
    return text(v.home_server) || t('history.anotherServer');
  }
  if (doc === 'payment_provider' && field === 'kind')
    return t(`transfers.kinds.${text(v.kind)}`, { defaultValue: text(v.kind) });
  if (field === 'active') {
    if (doc === 'debtor') return num(v.active) ? t('history.yes') : t('history.no');
    if (doc === 'payment_provider' || doc === 'expense_category')
      return num(v.active) ? t('transfers.active') : t('transfers.inactive');
    return num(v.active) ? t('users.active') : t('users.inactive');
  }
  if (doc === 'user' && field === 'role')
    return t(`users.roles.${text(v.role)}`, { defaultValue: text(v.role) });
  if (doc === 'user' && field === 'flags') {
    const flags = list(v.flags).map((x) => t(`flags.${text(x)}`, { defaultValue: text(x) }));
    return flags.length ? flags.join(', ') : t('history.none');
  }
  if (doc === 'user' && field === 'locations') return locationWords(v, t, lookups);
  if (doc === 'user' && field === 'username') return text(v.username);
  const value = v[field];
  if (value === null || value === undefined || value === '') return t('history.none');
  if (field.endsWith('_at') && typeof value === 'string') return f.dateTime(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function where(by: FieldHistoryItem['set'], t: TFunction, f: Format): string {
  const place = by.here
    ? t('history.here')
    : by.server
      ? t('history.on', { name: by.server })
      : t('history.elsewhere');
  return by.at ? `${place} ${t('history.at', { time: f.dateTime(by.at) })}` : place;
}

/** One lost value as a sentence ("Selling price 180.00 set on Branch B at … was replaced by 175.00 set here at …"). */
export function lossWords(
  doc: MergeDocType,
  item: FieldHistoryItem,
  t: TFunction,
  f: Format,
  lookups: MergeLookups = {},
): string {
  const key = FIELD_KEYS[doc][item.field];
  const sentence =
    item.reason === 'unique'
      ? `history.unique.${doc}`
      : item.reason === 'concurrent'
        ? 'history.concurrent'
        : `history.kept.${item.reason}`;
  return t(sentence, {
    field: key ? t(key) : item.field,
    value: valueWords(doc, item.field, item.value, t, f, lookups),
    where: where(item.set, t, f),
    won: valueWords(doc, item.field, item.won_value, t, f, lookups),
    wonWhere: where(item.won, t, f),
  });
}
