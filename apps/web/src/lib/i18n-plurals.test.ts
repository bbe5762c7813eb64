import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@duka/domain';
import { TRANSLATIONS, testI18n } from '../test/render';

type Tree = { [k: string]: string | Tree };
function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : entries(v, `${prefix}${k}.`),
  );
}

/** Counts are worded by i18next's plural rules (Intl.PluralRules), never "line(s)" by hand. */
describe('plurals (issue 16)', () => {
  it.each(LANGUAGES)('%s builds no plural by hand', (lng) => {
    const hand = entries(TRANSLATIONS[lng] as Tree).filter(([, v]) => /\p{L}\((s|es|n|e|en|a|as)\)/u.test(v));
    expect(hand).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every plural key has every form its language needs', (lng) => {
    const flat = new Map(entries(TRANSLATIONS[lng]));
    const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    for (const key of [...flat.keys()].filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -4)))
      for (const form of forms)
        // A form without its own key ("many" in es and pt) takes the bare key.
        expect(flat.has(`${key}_${form}`) || flat.has(key), `${lng}:${key}_${form}`).toBe(true);
  });

  it('says "1 vendido" and "2 vendidos" in Spanish, "1 line" in English', async () => {
    const es = await testI18n('es');
    expect(es.t('dashboard.sold', { quantity: '1', count: 1 })).toBe('1 vendido');
    expect(es.t('dashboard.sold', { quantity: '2', count: 2 })).toBe('2 vendidos');
    expect(es.t('dashboard.sold', { quantity: '1.000.000', count: 1_000_000 })).toBe('1.000.000 vendidos');
    const en = await testI18n('en');
    expect(en.t('stock.doc.saved.receipt', { count: 1 })).toBe('Goods received: 1 line added to stock');
    expect(en.t('stock.doc.saved.receipt', { count: 3 })).toBe('Goods received: 3 lines added to stock');
    const de = await testI18n('de');
    expect(de.t('reverse.done.ofSale', { no: '7', count: 1 })).toBe('Beleg #7: 1 Position storniert.');
  });

  it.each(LANGUAGES)('%s writes a count as a number of its language, never bare', (lng) => {
    const bare = entries(TRANSLATIONS[lng] as Tree).filter(([, v]) => v.includes('{{count}}'));
    expect(bare).toEqual([]);
  });

  it('groups a count by language: 1.234 in German, 1,234 in English', async () => {
    const de = await testI18n('de');
    expect(de.t('stock.doc.saved.receipt', { count: 1234 })).toContain('1.234');
    const en = await testI18n('en');
    expect(en.t('stock.doc.saved.receipt', { count: 1234 })).toBe(
      'Goods received: 1,234 lines added to stock',
    );
  });
});
