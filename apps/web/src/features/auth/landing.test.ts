import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/render';
import { landingPath } from './landing';

describe('landingPath (seed spec §2, §6)', () => {
  it.each(['admin', 'Admin', 'ADMIN'])('role %s lands on /dashboard', (role) => {
    expect(landingPath(makeSession({ role }))).toBe('/dashboard');
  });
  it('everybody else lands on /cash-sale', () => {
    expect(landingPath(makeSession({ role: 'staff', flags: ['sell_cash'] }))).toBe('/cash-sale');
  });
  it('staff who may not sell for cash land on their first menu entry, never the error page', () => {
    expect(landingPath(makeSession({ role: 'staff', flags: ['manage_stock'] }))).toBe('/stock');
    expect(landingPath(makeSession({ role: 'staff', flags: [] }))).toBe('/debtors');
  });
});
