import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@duka/domain';
import { BlankLayout } from '../../components/blank-layout';
import { setDeviceHeader, setDeviceToken } from '../../lib/api-client';
import { readStoredDeviceToken } from '../../lib/device-store';
import { ApiError } from '../../lib/api-error';
import { loadPrefs } from '../../lib/prefs';
import { storeSession } from '../../lib/session-storage';
import { describeApiError, notifyError, notifySuccess, notifyWarning } from '../../lib/notify';
import { ME_QUERY_KEY, fetchSetupStatus, loginRequest, useMe } from './auth-api';
import { DeviceFlowError, resolveLoginDevice } from './device-flow';
import { landingPath } from './landing';

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useMe();
  const setup = useQuery({ queryKey: ['setup-status'], queryFn: fetchSetupStatus, retry: 1 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { login: '', password: '' },
    validate: {
      login: (v) => (v.trim() ? null : t('auth.loginRequired')),
      password: (v) => (v ? null : t('auth.passwordRequired')),
    },
  });

  useEffect(() => {
    if (setup.data?.setup_required) void navigate('/setup', { replace: true });
  }, [setup.data, navigate]);

  if (me.data) return <Navigate to={landingPath(me.data)} replace />;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      let deviceId: string;
      try {
        const resolved = await resolveLoginDevice(values.login);
        deviceId = resolved.deviceId;
        if (resolved.helperMissing)
          notifyWarning(t('device.checkPrinterAppRunning'), t('device.notDetected'));
      } catch (err) {
        if (err instanceof DeviceFlowError && err.failure === 'save_failed') {
          notifyError(t('device.refreshPage'), t('device.couldNotSave'));
        } else {
          notifyError(t('device.refreshPage'), t('device.couldNotGet'));
        }
        return;
      }
      // The token the server issued this device, sent with its id (a new device gets one now).
      setDeviceToken(deviceId, await readStoredDeviceToken(deviceId).catch(() => null));
      const session = await loginRequest({ login: values.login.trim(), password: values.password }, deviceId);
      setDeviceHeader(deviceId);
      storeSession(session);
      qc.setQueryData(ME_QUERY_KEY, session);
      if (!loadPrefs().language && isLanguage(session.business.language)) {
        await i18n.changeLanguage(session.business.language);
      }
      notifySuccess(t('auth.loggedIn'));
      await navigate(landingPath(session), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'device_required') {
        notifyError(t('device.checkPrinterAppRunning'), t('device.notDetected'));
        setError(t('device.checkPrinterAppRunning'));
      } else {
        setError(describeApiError(err));
      }
    } finally {
      setBusy(false);
    }
  });

  return (
    <BlankLayout title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.login')}
            description={t('auth.loginHint')}
            autoComplete="username"
            autoFocus
            required
            {...form.getInputProps('login')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy} size="md" fullWidth>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </form>
    </BlankLayout>
  );
}
