import { describe, expect, it } from 'vitest';
import { passwordSchema } from './common.js';
import { isGuessablePassword } from './password-strength.js';

describe('passwords guessed first', () => {
  it.each([
    'password',
    'Password1',
    'PASSW0RD',
    '12345678',
    '87654321',
    'abcdefgh',
    '11111111',
    'qwertyuiop',
    '1q2w3e4r',
  ])('refuses %s', (p) => {
    expect(isGuessablePassword(p)).toBe(true);
    expect(passwordSchema.safeParse(p).success).toBe(false);
  });

  it.each(['owner-pass-1', 'Passw0rd!23', '12345679', 'mama-mboga-7', 'aaaaaaab'])('takes %s', (p) => {
    expect(isGuessablePassword(p)).toBe(false);
    expect(passwordSchema.safeParse(p).success).toBe(true);
  });

  it('says why: the issue is "guessable", apart from the length', () => {
    expect(passwordSchema.safeParse('password').error?.issues[0]?.message).toBe('guessable');
    expect(passwordSchema.safeParse('pass').error?.issues[0]?.code).toBe('too_small');
  });
});
