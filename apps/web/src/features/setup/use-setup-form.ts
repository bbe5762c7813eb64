import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type Language,
  type SessionData,
  isLanguage,
  sessionDataSchema,
  businessNameSchema,
} from '@duka/domain';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { browserTimeZone } from '../../lib/intl-options';
import { describeApiError, notifySuccess } from '../../lib/notify';
import { loadPrefs } from '../../lib/prefs';
import { storeSession } from '../../lib/session-storage';
import { makeValidators } from '../../lib/validators';
import { ME_QUERY_KEY, fetchSetupStatus } from '../auth';

interface SetupValues {
  business_name: string;
  currency: string;
  timezone: string;
  language: Language;
  admin_name: string;
  username: string;
  mobile: string;
  password: string;
  confirm: string;
}

/** The first-run form: whether setup is still needed, the fields, and the submit that signs the admin in. */
export function useSetupForm() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const status = useQuery({ queryKey: ['setup-status'], queryFn: fetchSetupStatus });
  const [error, setError] = useState<string | null>(null);
  const v = makeValidators(t);
  const form = useForm<SetupValues>({
    initialValues: {
      business_name: '',
      currency: 'KES',
      timezone: browserTimeZone(),
      language: isLanguage(i18n.language) ? i18n.language : 'en',
      admin_name: '',
      username: 'admin',
      mobile: '',
      password: '',
      confirm: '',
    },
    validate: {
      business_name: v.text(businessNameSchema),
      currency: (x) => v.required(x),
      timezone: (x) => v.required(x),
      username: v.username,
      mobile: v.optionalMobile,
      password: (x, all) => v.password(x, [all.username, all.business_name]),
      confirm: (x, all) => (x === all.password ? null : t('validation.passwordsDiffer')),
    },
  });

  const submit = form.onSubmit(async ({ confirm: _c, admin_name, mobile, ...rest }) => {
    setError(null);
    try {
      const session: SessionData = await api('/api/setup', {
        method: 'POST',
        body: { ...rest, admin_name: admin_name.trim() || undefined, mobile: mobile.trim() || undefined },
        schema: sessionDataSchema,
      });
      storeSession(session);
      // the shop's language from now on, as a sign-in gives it (use-login-form), unless this
      // browser's own was chosen (the page's language picker)
      if (!loadPrefs().language && isLanguage(session.business.language)) {
        await i18n.changeLanguage(session.business.language);
      }
      qc.setQueryData(ME_QUERY_KEY, session);
      qc.setQueryData(['setup-status'], { setup_required: false, mode: session.mode });
      notifySuccess(i18n.t('setup.done')); // in the language just taken (this render's `t` is not)
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in form.values) {
        form.setFieldError(err.field, describeApiError(err));
      }
      setError(describeApiError(err));
    }
  });

  const done = status.data !== undefined && !status.data.setup_required;
  return { form, submit, error, done };
}
