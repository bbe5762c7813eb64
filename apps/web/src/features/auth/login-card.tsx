import './styles';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SessionData } from '@duka/domain';
import { BlankLayout } from '../../components/blank-layout';
import { useFocusAfterPaint } from '../../lib/use-focus-after-paint';
import { fetchSetupRequired } from './auth-api';
import { useLoginForm } from './use-login-form';

export interface LoginExits {
  /** Signed in: where the app goes next (the user's landing screen). */
  onSignedIn: (session: SessionData) => Promise<void>;
  /** A fresh install: no business yet, so /setup first. */
  onSetupRequired: () => void;
}

/**
 * The sign-in card. It knows neither the router nor TanStack Query: signed out at /login, main.tsx
 * shows it alone, without the rest of the app's code (issue 21); in the app, login-page.tsx routes
 * to it. Where it goes next is its caller's.
 */
export function LoginCard({ onSignedIn, onSetupRequired }: LoginExits) {
  const { t } = useTranslation();
  // the login field takes the focus once the page has painted (not with autoFocus: lib/use-focus-after-paint.ts)
  const loginInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const { inputProps, submit, busy, error } = useLoginForm(
    { login: loginInput, password: passwordInput },
    onSignedIn,
  );
  useFocusAfterPaint(loginInput);

  const setupRequired = useEffectEvent(onSetupRequired);
  useEffect(() => {
    let gone = false;
    fetchSetupRequired().then(
      (required) => {
        if (required && !gone) setupRequired();
      },
      // the server unreachable: the form stays, and signing in says why
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, []);

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
