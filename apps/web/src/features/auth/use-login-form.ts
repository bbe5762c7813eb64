import {
  type ChangeEvent,
  type FormEvent,
  type RefObject,
  useEffectEvent,
  useLayoutEffect,
  useState,
} from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type SessionData, isLanguage } from '@duka/domain';
import { setDeviceHeader, setDeviceToken } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { loadPrefs } from '../../lib/prefs';
import { storeSession } from '../../lib/session-storage';
import { takeFrameFields } from '../../lib/start-frame';
import { describeApiError, notifyError, notifySuccess, notifyWarning } from '../../lib/notify';
import { loginRequest } from './auth-api';

/**
 * This browser's device id for signing in as `login`, or null once the user has been told why not.
 * The device store (IndexedDB) and the printer helper's client load here, at the first sign-in,
 * not with the sign-in page.
 */
async function loginDevice(login: string, t: TFunction): Promise<string | null> {
  const { DeviceFlowError, resolveLoginDevice } = await import('./device-flow');
  try {
    const resolved = await resolveLoginDevice(login);
    if (resolved.helperMissing) notifyWarning(t('device.checkPrinterAppRunning'), t('device.notDetected'));
    return resolved.deviceId;
  } catch (err) {
    if (err instanceof DeviceFlowError && err.failure === 'save_failed') {
      notifyError(t('device.refreshPage'), t('device.couldNotSave'));
    } else {
      notifyError(t('device.refreshPage'), t('device.couldNotGet'));
    }
    return null;
  }
}

interface LoginValues {
  login: string;
  password: string;
}

/**
 * The sign-in form: login and password, the device they sign in from, and where they land. It takes
 * over from the page's frame (lib/login-frame.ts) in the frame that shows it: what was typed there
 * stays, the focus stays in its field (`inputs`), and a sign-in asked for there goes ahead. Signed
 * in, `signedIn` takes the app on (login-card.tsx's caller).
 */
export function useLoginForm(
  inputs: Record<keyof LoginValues, RefObject<HTMLInputElement | null>>,
  signedIn: (session: SessionData) => Promise<void>,
) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Two fields in plain state rather than @mantine/form (issue 21: the sign-in page loads only
  // what it shows; the form library comes with the screens that need it).
  const [values, setValues] = useState<LoginValues>({ login: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LoginValues, string>>>({});
  const inputProps = (field: keyof LoginValues) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((x) => ({ ...x, [field]: undefined }));
    },
  });

  const signIn = async (form: LoginValues) => {
    const found = {
      login: form.login.trim() ? undefined : t('auth.loginRequired'),
      password: form.password ? undefined : t('auth.passwordRequired'),
    };
    setErrors(found);
    if (found.login || found.password) return;
    setBusy(true);
    setError(null);
    try {
      const deviceId = await loginDevice(form.login, t);
      if (deviceId === null) return;
      // The token the server issued this device, sent with its id (a new device gets one now).
      const { readStoredDeviceToken } = await import('../../lib/device-store');
      setDeviceToken(deviceId, await readStoredDeviceToken(deviceId).catch(() => null));
      const session = await loginRequest({ login: form.login.trim(), password: form.password }, deviceId);
      setDeviceHeader(deviceId);
      storeSession(session);
      if (!loadPrefs().language && isLanguage(session.business.language)) {
        await i18n.changeLanguage(session.business.language);
      }
      notifySuccess(t('auth.loggedIn'));
      await signedIn(session);
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
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    return signIn(values);
  };

  const takeOver = useEffectEvent(() => {
    const fields = takeFrameFields(document);
    if (!fields) return;
    const typed = { login: fields.values.login ?? '', password: fields.values.password ?? '' };
    // nothing typed yet: the fields are empty already, and a state set here would render the page
    // again at once, in the task of its first commit, with every effect of that commit (issue 21)
    if (typed.login || typed.password) setValues(typed);
    if (fields.focused === 'login' || fields.focused === 'password') inputs[fields.focused].current?.focus();
    if (fields.submitted) void signIn(typed);
  });
  useLayoutEffect(() => takeOver(), []);

  return { inputProps, submit, busy, error };
}
