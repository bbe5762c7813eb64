import type { TFunction } from 'i18next';

/** Field rules shared by the forms, mirroring the API's schemas, with translated messages. */
export function makeValidators(t: TFunction) {
  return {
    required: (v: string) => (v.trim() ? null : t('validation.required')),
    username: (v: string) => {
      const s = v.trim();
      if (s.length < 3 || s.length > 32) return t('validation.usernameLength');
      return /^[A-Za-z0-9._-]+$/.test(s) ? null : t('validation.usernameChars');
    },
    optionalMobile: (v: string) =>
      !v.trim() || /^\+?[0-9]{7,15}$/.test(v.trim()) ? null : t('validation.mobile'),
    password: (v: string) => (v.length >= 8 && v.length <= 128 ? null : t('validation.passwordLength')),
    optionalEmail: (v: string) =>
      !v.trim() || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t('validation.email'),
    maxLength: (max: number) => (v: string) =>
      v.trim().length <= max ? null : t('validation.maxLength', { max }),
  };
}

/** Puts a server 422/409 field error on the form field it names. */
export function fieldFromError(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'field' in err && typeof err.field === 'string'
    ? err.field
    : undefined;
}
