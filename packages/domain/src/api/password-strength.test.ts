import { describe, expect, it } from 'vitest';
import { setupBodySchema } from './business.js';
import { passwordSchema } from './common.js';
import { isGuessablePassword, isNamePassword } from './password-strength.js';
import { userCreateSchema } from './users.js';

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

describe('passwords that are mostly a name', () => {
  it.each([
    ['mamamboga', 'mamamboga'],
    ['MamaMboga', 'mama mboga'],
    ['Mama Mboga Stores', 'Mama Mboga Stores'],
    ['mbogastores', 'Mama Mboga Stores'],
    ['adminadmin', 'admin'],
    ['admin123', 'admin'],
  ])('refuses %s for the name %s', (p, name) => {
    expect(isNamePassword(p, name)).toBe(true);
  });

  it.each([
    ['owner-pass-1', 'owner'],
    ['mallory-pass-1', 'mallory'],
    ['mama-mboga-7', 'Shop'],
    ['xyxyxyxy', 'xy'],
  ])('takes %s for the name %s', (p, name) => {
    expect(isNamePassword(p, name)).toBe(false);
  });

  it('is refused at setup (the user name or the business name) and for a new user, as "like_name"', () => {
    const setup = (over: object) =>
      setupBodySchema.safeParse({
        business_name: 'Duka',
        username: 'owner',
        password: 'owner-pass-1',
        ...over,
      });
    expect(setup({}).success).toBe(true);
    for (const over of [
      { username: 'mamamboga', password: 'mamamboga' },
      { username: 'admin', password: 'adminadmin' },
      { business_name: 'Mama Mboga Stores', password: 'Mama Mboga Stores' },
    ]) {
      expect(setup(over).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['password', 'like_name'],
      ]);
    }
    const user = (password: string) => userCreateSchema.safeParse({ name: 'A', username: 'Peter', password });
    expect(user('peter-the-cashier').success).toBe(true);
    expect(user('PETER2024').error?.issues[0]?.message).toBe('like_name');
  });
});
