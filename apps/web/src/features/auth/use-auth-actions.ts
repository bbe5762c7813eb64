import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clearSessionStorage } from '../../lib/session-storage';
import { notifyError } from '../../lib/notify';
import { logoutRequest } from './auth-api';

/** Logout clears local storage and goes to /login (seed spec §2, §4). */
export function useLogout(): () => Promise<void> {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutRequest();
    } catch {
      // signed out locally either way
    }
    clearSessionStorage();
    qc.clear();
    await navigate('/login', { replace: true });
  }, [qc, navigate]);
}

let lastExpiredToast = 0;

/** An expired session: 'Login session expired!' / 'Please login again.' and a forced logout (§8). */
export function useSessionExpired(): () => void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(() => {
    if (Date.now() - lastExpiredToast > 2000) {
      lastExpiredToast = Date.now();
      notifyError(t('auth.pleaseLoginAgain'), t('auth.sessionExpired'));
    }
    clearSessionStorage();
    qc.clear();
    void navigate('/login', { replace: true });
  }, [qc, navigate, t]);
}
