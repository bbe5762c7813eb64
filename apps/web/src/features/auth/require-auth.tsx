import './styles';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessForPath, allows } from '@duka/domain';
import { readUserToken, clearSessionStorage } from '../../lib/session-storage';
import { notifyError } from '../../lib/notify';
import { unanswered, useMe } from './use-me';
import { principalOf } from './landing';
import { SessionContext } from '../../lib/session-context';
import { removeStartScreen } from '../../lib/start-frame';

/**
 * The client guard (spec-decisions.md): signed-out users go to /login, and a signed-in user on a
 * route their flags do not allow goes to pages/error. The server checks every call regardless.
 * A session the server could not be asked about (no answer) is not signed out: see below.
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

  // Unanswered: the start screen's frame (the till's, drawn over the page) gives way for the words
  // below; what was scanned into it is kept for the till, which takes it once the server answers.
  // A failed ask (the start's own, made before use-me.ts's retries apply) is asked again, and then
  // again until the server answers (use-me.ts).
  const unansweredYet = !me.data && (me.isError ? unanswered(me.error) : me.failureCount > 0);
  useEffect(() => {
    if (unansweredYet) removeStartScreen(document, { keepKeys: true });
    if (me.isError && !me.isFetching && unansweredYet) void me.refetch();
  });

  if (me.data) {
    const access = accessForPath(pathname);
    if (access && !allows(principalOf(me.data), access)) return <Navigate to="/pages/error" replace />;
    return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
  }
  // signed out only when the server says so (401: fetchMe answers null), or refuses otherwise
  if (me.isSuccess || (me.isError && !unanswered(me.error))) return <Navigate to="/login" replace />;
  return (
    <div className="duka-boot" aria-busy="true" style={{ flexDirection: 'column', gap: 12 }}>
      <Loader aria-label={t('common.loading')} />
      {/* no answer from /api/me yet (the server restarting, a gateway's 502/503/504): not signed
          out; use-me.ts asks again until the server answers */}
      {unansweredYet && <p role="status">{t('layout.connection.reconnectingHint')}</p>}
    </div>
  );
}
