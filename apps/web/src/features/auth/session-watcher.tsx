import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setApiHandlers } from '../../lib/api-client';
import { notifyError } from '../../lib/notify';
import { useSessionExpired } from './use-auth-actions';

/** Wires the API client's 401 and 402 answers to the app (seed spec §8). */
export function SessionWatcher() {
  const expired = useSessionExpired();
  const { t } = useTranslation();
  useEffect(() => {
    setApiHandlers({
      onUnauthorized: expired,
      onNotActive: () => notifyError(t('errors.notActive'), t('errors.notActiveTitle')),
    });
  }, [expired, t]);
  return <Outlet />;
}
