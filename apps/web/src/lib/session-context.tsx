import { createContext, useContext } from 'react';
import type { SessionData } from '@duka/domain';

export const SessionContext = createContext<SessionData | null>(null);

/** The signed-in session; only inside the authenticated area. */
export function useSession(): SessionData {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside the authenticated area');
  return s;
}
