import { describe, expect, it } from 'vitest';
import { signInAloneAt } from './start-screen';

describe('the sign-in card alone (issue 21)', () => {
  it('is the start signed out at the sign-in page, the root or the old sign-in address', () => {
    for (const path of ['/login', '/', '/pages/login', '/login/'])
      expect(signInAloneAt(path, false), path).toBe(true);
  });

  it('is not the start signed in, nor at any other address', () => {
    for (const path of ['/login', '/']) expect(signInAloneAt(path, true), `${path} signed in`).toBe(false);
    for (const path of ['/setup', '/cash-sale', '/dashboard', '/pages/error', '/loginx'])
      expect(signInAloneAt(path, false), path).toBe(false);
  });
});
