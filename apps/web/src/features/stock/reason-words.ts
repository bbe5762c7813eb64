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

/**
 * A movement's kind in words, and its reason after a dot when it says more than the kind: a
 * count's correction reads "Stock count", not "Stock count · Stock count".
 */
export function movementWords(t: TFunction, kind: string, reason: string | null): string {
  const words = t(`stock.kinds.${kind}`);
  return reason && reason !== COUNT_REASON ? `${words} · ${reasonWords(t, reason)}` : words;
}
