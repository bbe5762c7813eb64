import { describe, expect, it } from 'vitest';
import { COUNT_REASON } from '@duka/domain';
import { testI18n } from '../../test/render';
import { movementWords } from './reason-words';

describe('a movement in words', () => {
  it('names a count correction once, not "Stock count · Stock count"', async () => {
    const { t } = await testI18n('en');
    expect(movementWords(t, 'count_correction', COUNT_REASON)).toBe('Stock count');
  });

  it('adds a reason code in the language, and a typed reason as it was written', async () => {
    const { t } = await testI18n('de');
    expect(movementWords(t, 'stock_negative', 'damaged')).toBe(
      `${t('stock.kinds.stock_negative')} · ${t('stock.reasons.damaged')}`,
    );
    expect(movementWords(t, 'sale_reversal', 'Wrong size')).toBe(
      `${t('stock.kinds.sale_reversal')} · Wrong size`,
    );
    expect(movementWords(t, 'sale', null)).toBe(t('stock.kinds.sale'));
  });
});
