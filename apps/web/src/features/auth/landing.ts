import {
  type MenuLink,
  type Principal,
  type SessionData,
  accessForPath,
  allows,
  isAdminRole,
  menuFor,
} from '@duka/domain';

export function principalOf(session: Pick<SessionData, 'user' | 'user_roles'>): Principal {
  return { role: session.user.role, roles: session.user_roles };
}

/**
 * Where a user lands after sign-in (seed spec §2, §6): admin (any case) → /dashboard, everybody
 * else → /cash-sale. A user whose flags do not allow /cash-sale goes to the first menu entry they
 * have, so nobody lands on the error page.
 */
export function landingPath(session: Pick<SessionData, 'user' | 'user_roles'>): string {
  if (isAdminRole(session.user.role)) return '/dashboard';
  const principal = principalOf(session);
  const cash = accessForPath('/cash-sale');
  if (cash && allows(principal, cash)) return '/cash-sale';
  const first = menuFor(principal).flatMap((e): MenuLink[] => (e.kind === 'link' ? [e] : e.children))[0];
  return first?.path ?? '/cash-sale';
}
