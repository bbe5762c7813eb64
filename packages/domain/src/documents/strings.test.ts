import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../locale.js';
import { DOCUMENT_STRINGS } from './strings.js';

describe('document words', () => {
  it('has every key in every language, none empty, placeholders kept', () => {
    const en = Object.keys(DOCUMENT_STRINGS.en).sort();
    expect(en.length).toBeGreaterThan(50);
    for (const lang of LANGUAGES) {
      const strings = DOCUMENT_STRINGS[lang];
      expect(Object.keys(strings).sort(), lang).toEqual(en);
      for (const k of en) {
        expect(strings[k], `${lang} ${k}`).toBeTruthy();
        const vars = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(vars(strings[k]!), `${lang} ${k}`).toEqual(vars(DOCUMENT_STRINGS.en[k]!));
      }
    }
  });
});
