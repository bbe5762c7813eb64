import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render';
import { reasonWords } from './reason-words';

describe("a stock movement's reason", () => {
  it("is worded in the language: an adjustment's code and a count's corrections; a typed reason as written", async () => {
    const i18n = await testI18n('de');
    expect(reasonWords(i18n.t, 'stock count')).toBe('Inventur');
    expect(reasonWords(i18n.t, 'lost_or_stolen')).toBe(i18n.t('stock.reasons.lost_or_stolen'));
    expect(reasonWords(i18n.t, 'lost_or_stolen')).not.toBe('lost_or_stolen');
    // typed by a person: never looked up as a key (a reason "title" would have found another text)
    expect(reasonWords(i18n.t, 'Kunde hat zurückgebracht')).toBe('Kunde hat zurückgebracht');
    expect(reasonWords(i18n.t, 'title')).toBe('title');
  });
});
