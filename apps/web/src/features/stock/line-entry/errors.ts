import type { TFunction } from 'i18next';
import { isRefusal, keyedWriteText } from '../../../lib/notify';
import type { DraftLine } from './lines';
import { lineErrorOf } from './shared-lines';
import type { LineErrors } from './line-entry';

export const NO_ERRORS: LineErrors = { lines: {}, form: null };

/**
 * Places a refused save next to what caused it: `lines.N.field` on line N, a product short of
 * stock (the refusal's `product_id` param, never its words) on that product's line, everything
 * else above Save. A shortage says how much is there (its `on_hand`, in the language's numbers).
 */
export function placeError(err: unknown, lines: DraftLine[], t: TFunction): LineErrors {
  const short = isRefusal(err) ? err.paramsOf('insufficient_stock') : undefined;
  const onHand =
    short && typeof short.on_hand === 'number'
      ? t('errors.insufficientStock', { name: short.name, onHand: short.on_hand / 1000, context: 'onHand' })
      : undefined;
  // a document carries its own id: one that got no answer may be saved already, and is safe to send again
  const message = keyedWriteText(err, onHand ? { insufficient_stock: onHand } : {});
  if (isRefusal(err)) {
    const at = lineErrorOf(err.field);
    const short = err.paramsOf('insufficient_stock')?.product_id;
    const line = at ? lines[at.index] : short ? lines.find((l) => l.product_id === short) : undefined;
    if (line) return { lines: { [line.key]: message }, form: message };
  }
  return { lines: {}, form: message };
}
