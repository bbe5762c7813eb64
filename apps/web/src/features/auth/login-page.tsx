import './styles';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from '../../components/blank-layout';
import { useFocusAfterPaint } from '../../lib/use-focus-after-paint';
import { fetchSetupStatus, useMe } from './auth-api';
import { landingPath } from './landing';
import { useLoginForm } from './use-login-form';

/** Signing in (/login); on a fresh install it sends the visitor to /setup first. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const setup = useQuery({ queryKey: ['setup-status'], queryFn: fetchSetupStatus, retry: 1 });
  // the login field takes the focus once the page has painted (not with autoFocus: lib/use-focus-after-paint.ts)
  const loginInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { inputProps, submit, busy, error } = useLoginForm({ login: loginInput, password: passwordInput });
  useFocusAfterPaint(loginInput);

  useEffect(() => {
    if (setup.data?.setup_required) void navigate('/setup', { replace: true });
  }, [setup.data, navigate]);

  if (me.data) return <Navigate to={landingPath(me.data)} replace />;

  return (
    <BlankLayout title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
            ref={loginInput}
            required
            {...inputProps('login')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            ref={passwordInput}
            required
            {...inputProps('password')}
          />
          <Button type="submit" loading={busy} size="md" fullWidth>
            {t('auth.signIn')}
          </Button>
        </Stack>
      </form>
    </BlankLayout>
  );
}
