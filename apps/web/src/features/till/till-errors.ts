import type { i18n as I18n } from 'i18next';
import { ApiError, unsent } from '../../lib/api-error';
import { serverMessage } from '../../lib/notify';
import { readQuantity } from '../../lib/format';
import { lineErrorOf } from '../stock';
import type { Cart } from './cart';

/** Fields of the pay panel and the cart a refusal can name. */
export type TillField = 'tendered' | 'debtor_id' | 'provider_id' | 'reference' | 'discount' | 'location_id';
const FIELDS = new Set<string>([
  'tendered',
  'debtor_id',
  'provider_id',
  'reference',
  'discount',
  'location_id',
]);

export interface TillErrors {
  /** By line key. */
  lines: Record<string, string>;
  fields: Partial<Record<TillField, string>>;
  /** About the sale as a whole: shown above Pay. */
  form: string | null;
  /**
   * The sale got no answer (no connection): it may or may not have been recorded, and may be sent
   * again as it is (its id makes that safe).
   */
  retry?: boolean;
  /** Not a refusal but a warning (what the server already holds under this sale's id). */
  warn?: boolean;
}

/** The words of the language in use, and the language (quantities in a message follow it). */
type Words = Pick<I18n, 't' | 'language'>;

export const NO_TILL_ERRORS: TillErrors = { lines: {}, fields: {}, form: null };

/** Words for what the server says when it names a field (its own message is English). */
const FIELD_KEYS: Record<string, string> = {
  tendered: 'till.errors.tenderedRequired',
  debtor_id: 'till.errors.debtorRequired',
  provider_id: 'till.errors.providerRequired',
  reference: 'till.errors.referenceRequired',
  quantity: 'till.errors.badQty',
};

/** The cart's line of the product a refusal says is short of stock (the server names it in `params`). */
function shortLine(err: ApiError, cart: Cart) {
  const productId = err.paramsOf('insufficient_stock')?.product_id;
  return productId ? cart.lines.find((l) => l.product_id === productId) : undefined;
}

/** The sale got no answer: it may have been recorded, and is safe to send again (lib/api-error.ts). */
export { unsent };

/** The refusal in the user's language: known codes are worded here, others as the server said. */
export function saleErrorMessage(err: unknown, words: Words, cart: Cart): string {
  const { t } = words;
  if (!(err instanceof ApiError) || err.kind !== 'http') {
    // only a request that was sent can have gone unanswered (perhaps recorded, safe to send
    // again); one held back for want of a connection says so
    if (err instanceof ApiError && err.kind === 'offline') return t('errors.offline');
    if (unsent(err)) return t('till.errors.noAnswer');
    return serverMessage(err);
  }
  switch (err.code) {
    case 'insufficient_stock': {
      const short = err.paramsOf('insufficient_stock');
      const name = shortLine(err, cart)?.name ?? short?.name ?? '';
      return typeof short?.on_hand === 'number'
        ? t('till.errors.insufficientStockOnHand', {
            name,
            onHand: readQuantity(short.on_hand, words.language),
          })
        : t('till.errors.insufficientStock', { name });
    }
    case 'credit_limit_exceeded':
      return t('till.errors.creditLimit');
    case 'price_changed':
      return t('till.errors.priceChanged');
    case 'reference_used': {
      const receipt = err.paramsOf('reference_used')?.receipt_no;
      return receipt ? t('till.errors.referenceUsedOn', { receipt }) : t('till.errors.referenceUsed');
    }
    case 'sales_frozen':
      return t('till.errors.salesFrozen');
    case 'discount_not_allowed':
      return t('till.errors.discountOverLimit');
    case 'tendered_too_low':
      return t('till.errors.tenderedTooLow');
    case 'location_not_allowed':
      return t('till.errors.locationNotAllowed');
    case 'forbidden':
      return t('till.errors.forbidden');
    case 'validation_failed': {
      const at = lineErrorOf(err.field);
      const key = FIELD_KEYS[at ? at.field : (err.field ?? '')];
      if (key) return t(key);
      if (at?.field === 'discount') return t('till.errors.discountTooBig');
      return serverMessage(err);
    }
    default:
      return serverMessage(err);
  }
}

/** Places a refused sale next to what caused it: a line, a field, or the sale as a whole. */
export function placeSaleError(err: unknown, words: Words, cart: Cart): TillErrors {
  const message = saleErrorMessage(err, words, cart);
  if (unsent(err)) return { ...NO_TILL_ERRORS, form: message, retry: true };
  if (!(err instanceof ApiError) || err.kind !== 'http') return { ...NO_TILL_ERRORS, form: message };
  const at = lineErrorOf(err.field);
  if (at) {
    const line = cart.lines[at.index];
    if (line) return { lines: { [line.key]: message }, fields: {}, form: null };
  }
  if (err.code === 'insufficient_stock') {
    const line = shortLine(err, cart);
    if (line) return { lines: { [line.key]: message }, fields: {}, form: message };
  }
  if (err.field && FIELDS.has(err.field))
    return { lines: {}, fields: { [err.field as TillField]: message }, form: null };
  return { ...NO_TILL_ERRORS, form: message };
}

/** The refusal is about paying (a field of the pay panel), so the panel stays open to fix it. */
export function isPayFieldError(e: TillErrors): boolean {
  const f = e.fields;
  return !!(f.tendered || f.debtor_id || f.provider_id || f.reference);
}
