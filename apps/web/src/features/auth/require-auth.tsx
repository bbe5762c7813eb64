import './styles';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessForPath, allows } from '@duka/domain';
import { readUserToken, clearSessionStorage } from '../../lib/session-storage';
import { notifyError } from '../../lib/notify';
import { useMe } from './use-me';
import { principalOf } from './landing';
import { SessionContext } from '../../lib/session-context';

/**
 * The client guard (spec-decisions.md): signed-out users go to /login, and a signed-in user on a
 * route their flags do not allow goes to pages/error. The server checks every call regardless.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  // Deferred: the session's answer arrives through the query cache's store, an update React must
  // render at once, in one piece; the signed-in screen that answer reveals (the whole till) is then
  // rendered in the background in short slices while the loader stays, so the page keeps answering.
  const me = useDeferredValue(useMe());
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const expired = me.isSuccess && me.data === null && readUserToken() !== null;

  useEffect(() => {
    if (expired) {
      notifyError(t('auth.pleaseLoginAgain'), t('auth.sessionExpired'));
      clearSessionStorage();
    }
  }, [expired, t]);

  if (me.isPending) {
    return (
      <Center h="100vh" aria-busy="true">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (me.isError || !me.data) return <Navigate to="/login" replace />;
  const access = accessForPath(pathname);
  if (access && !allows(principalOf(me.data), access)) return <Navigate to="/pages/error" replace />;
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}
