import { describe, expect, it } from 'vitest';
import { ERROR_CODES, LANGUAGES } from '@duka/domain';
import { TRANSLATIONS } from '../test/render';
import { GENERIC_ERROR, errorWordsOf, ownWordsOf } from './error-words';

/** The text of a dotted key in a language's file, if it is there. */
function textOf(lng: (typeof LANGUAGES)[number], key: string): unknown {
  let node: unknown = TRANSLATIONS[lng];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

describe('words of every API error code', () => {
  it.each(LANGUAGES)('every code of the domain’s list has its words in %s', (lng) => {
    const missing = ERROR_CODES.filter((code) => {
      const text = textOf(lng, errorWordsOf(code));
      return typeof text !== 'string' || !text.trim();
    });
    expect(missing).toEqual([]);
  });

  it('words a code by the rule, or by its own key', () => {
    expect(errorWordsOf('sync_schema_newer')).toBe('errors.syncSchemaNewer');
    expect(errorWordsOf('not_found')).toBe('errors.notFound');
    expect(errorWordsOf('session_expired')).toBe('errors.signInAgain');
    expect(errorWordsOf('tendered_too_low')).toBe('till.errors.tenderedTooLow');
  });

  it('gives the app’s own words, or none where the generic words stand (seed spec §8.3)', () => {
    expect(ownWordsOf('username_taken')).toBe('errors.usernameTaken');
    expect(ownWordsOf('internal')).toBeNull();
    expect(errorWordsOf('internal')).toBe(GENERIC_ERROR);
    expect(ownWordsOf('no_such_code')).toBeNull();
  });

  it('words every code a user can meet in their language: only a failure of the server itself is generic', () => {
    // Was 26 codes that reached the user as the server's English sentence.
    expect(ERROR_CODES.filter((code) => ownWordsOf(code) === null)).toEqual(['internal']);
  });

  it('words a code with the params the server sent', () => {
    const en = TRANSLATIONS.en as { errors: Record<string, string> };
    expect(en.errors.insufficientStock).toContain('{{name}}');
    expect(errorWordsOf('insufficient_stock')).toBe('errors.insufficientStock');
  });
});
