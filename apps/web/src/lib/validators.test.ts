import { beforeAll, describe, expect, it } from 'vitest';
import {
  businessUpdateSchema,
  expenseBodySchema,
  personNameSchema,
  transferReferenceSchema,
} from '@duka/domain';
import { testI18n } from '../test/render';
import { makeValidators, maxLengthOf } from './validators';

let v: ReturnType<typeof makeValidators>;
beforeAll(async () => {
  const i18n = await testI18n('en');
  v = makeValidators(i18n.t.bind(i18n));
});

describe('form checks by the API’s own schemas', () => {
  it('words a username too short, too long or with other characters', () => {
    expect(v.username(' amina ')).toBeNull();
    expect(v.username('ab')).toBe('A username has 3 to 32 characters.');
    expect(v.username('a'.repeat(33))).toBe('A username has 3 to 32 characters.');
    expect(v.username('ami na')).toBe('Use letters, digits, dot, dash and underscore only.');
  });

  it('takes a mobile number of 7 to 15 digits, or none', () => {
    expect(v.optionalMobile('')).toBeNull();
    expect(v.optionalMobile(' +254722000111 ')).toBeNull();
    expect(v.optionalMobile('12345')).toBe('A phone number of 7 to 15 digits, optionally starting with +.');
  });

  it('takes a password of 8 to 128 characters, not one guessed first', () => {
    expect(v.password('mama-mboga-7')).toBeNull();
    expect(v.password('12345678')).toBe('Too easy to guess: avoid common passwords and runs like 12345678.');
    expect(v.password('Password1')).toBe('Too easy to guess: avoid common passwords and runs like 12345678.');
    expect(v.password('1234567')).toBe('At least 8 characters.');
    expect(v.password('x'.repeat(129))).toBe('At least 8 characters.');
  });

  it('takes an email address the server takes, or none', () => {
    expect(v.optionalEmail('')).toBeNull();
    expect(v.optionalEmail(' shop@example.com ')).toBeNull();
    expect(v.optionalEmail('shop@')).toBe('Enter a valid email address.');
  });

  it('words a required name left empty or too long', () => {
    const name = v.text(personNameSchema);
    expect(name('Amina')).toBeNull();
    expect(name('   ')).toBe('This field is required.');
    expect(name('x'.repeat(81))).toBe('At most 80 characters.');
  });

  it('reads the longest text a field takes from its schema', () => {
    expect(maxLengthOf(expenseBodySchema.shape.note)).toBe(500);
    expect(maxLengthOf(businessUpdateSchema.shape.receipt_header)).toBe(500);
    expect(maxLengthOf(transferReferenceSchema)).toBe(60);
    expect(maxLengthOf(expenseBodySchema.shape.amount)).toBeUndefined();
  });
});
