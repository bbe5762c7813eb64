import type { TFunction } from 'i18next';
import { COUNT_REASON, NEGATIVE_REASONS, POSITIVE_REASONS } from '@duka/domain';

const CODES = new Set<string>([...POSITIVE_REASONS, ...NEGATIVE_REASONS]);

/**
 * A movement's reason in words: an adjustment's reason code and a count's corrections in the
 * language; anything else (a reversal's reason, typed by a person) as it was written.
 */
export function reasonWords(t: TFunction, reason: string): string {
  if (reason === COUNT_REASON) return t('stock.reasons.count');
  return CODES.has(reason) ? t(`stock.reasons.${reason}`) : reason;
}
