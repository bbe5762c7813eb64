import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '@duka/domain';
import { ME_QUERY_KEY } from './auth-api';
import { useMe } from './use-me';
import { landingPath } from './landing';
import { LoginCard } from './login-card';

/**
 * Signing in (/login) inside the app: after a sign-out, an expired session, or a load of an
 * address that needed one. Signed in already, it goes to the user's landing screen; on a fresh
 * install, to /setup first.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useMe();
  if (me.data) return <Navigate to={landingPath(me.data)} replace />;
  const signedIn = async (session: SessionData) => {
    qc.setQueryData(ME_QUERY_KEY, session);
    await navigate(landingPath(session), { replace: true });
  };
  return (
    <LoginCard onSignedIn={signedIn} onSetupRequired={() => void navigate('/setup', { replace: true })} />
  );
}
