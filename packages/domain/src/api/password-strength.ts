/**
 * Passwords of 8 characters or more that are guessed first: the most common ones in leaked lists
 * (compared in lower case), one character again and again, or a run of keys in order. A shop's
 * till is often left signed out in view of customers; its owner's password guards the money.
 */
const COMMON = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'admin123',
  'admin1234',
  'administrator',
  'letmein1',
  'trustno1',
  'superman',
  'whatever',
  'computer',
  'starwars',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'qwertyuiop',
  'qwerty1234',
  'asdfghjk',
  'asdfghjkl',
  'asdfasdf',
  'zxcvbnm1',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'zaq12wsx',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'abc12345',
  'abcd1234',
  'a1b2c3d4',
  'aa123456',
  '12341234',
  '11223344',
  '12121212',
  '123123123',
  '123qweasd',
  'changeme',
  'internet',
  'michelle',
  'jennifer',
  'samsung1',
  'iloveyou1',
  'football1',
  'monkey123',
  'dragon123',
  'shadow12',
  'master12',
  'master123',
  'killer12',
  'hello123',
  'welcome12',
  'secret12',
  'secret123',
  'login123',
  'test1234',
  'testtest',
  'pass1234',
  'mypassword',
  'duka1234',
  'shop1234',
  'cashier1',
  'kenya123',
  'nairobi1',
]);

/** True for a password guessed first (see COMMON): the schema refuses it, and the forms say so. */
export function isGuessablePassword(password: string): boolean {
  const s = password.toLowerCase();
  if (COMMON.has(s)) return true;
  const codes = [...s].map((c) => c.codePointAt(0) ?? 0);
  const steps = new Set(codes.slice(1).map((c, i) => c - codes[i]!));
  // one key again and again (11111111), or one after another up or down (12345678, hgfedcba)
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/**
 * True for a password that is mostly a name (the user name, the business's): the name itself, a
 * part of it, or the name with a few characters added ('adminadmin', 'mamamboga1'); compared in
 * lower case without spaces. The schemas refuse it ('like_name'), and the forms say so.
 */
export function isNamePassword(password: string, name: string): boolean {
  const flat = (s: string) => s.toLowerCase().replace(/\s/g, '');
  const p = flat(password);
  const n = flat(name);
  // a name of 1 or 2 characters says little; the name may fill at most half of the password
  return n.length > 2 && !!p && (n.includes(p) || p.split(n).join('').length * 2 < p.length);
}
