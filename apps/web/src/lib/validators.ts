import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  isNamePassword,
  mobileSchema,
  optionalEmailSchema,
  passwordSchema,
  usernameSchema,
} from '@duka/domain';

/** The issues the API's own schema finds in a value; none when the server would take it. */
const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? [];
const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * The longest text a field of the API takes (its schema's `.max()`), for an input's `maxLength`:
 * looks through `.default()`, `.optional()`, `.nullable()` and transforms to the string inside.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let s: unknown = schema;
  for (;;) {
    if (s instanceof z.ZodString) return s.maxLength ?? undefined;
    if (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodPipe) s = s.in;
    else return undefined;
  }
}

/**
 * Field checks of the forms: the API's own schemas from `@duka/domain` (the server validates with
 * the same ones), each refusal worded in the user's language.
 */
export function makeValidators(t: TFunction) {
  return {
    required: (v: string) => (v.trim() ? null : t('validation.required')),
    /**
     * A required text field of the API (a name): empty or too long, in the user's words. Other
     * refusals of the schema (a control character) are left to the server's answer.
     */
    text: (schema: z.ZodType) => (v: string) => {
      const issue = issuesOf(schema, v).find((i) => i.code === 'too_small' || i.code === 'too_big');
      if (issue?.code === 'too_small') return t('validation.required');
      if (issue?.code === 'too_big') return t('validation.maxLength', { max: Number(issue.maximum) });
      return null;
    },
    username: (v: string) => {
      const issues = issuesOf(usernameSchema, v);
      if (!issues.length) return null;
      return issues.some((i) => i.code === 'too_small' || i.code === 'too_big')
        ? t('validation.usernameLength')
        : t('validation.usernameChars');
    },
    optionalMobile: (v: string) => (!v.trim() || passes(mobileSchema, v) ? null : t('validation.mobile')),
    /** A new password; `names` (the user name, at setup the business's too) it may not mostly be. */
    password: (v: string, names: readonly string[] = []) => {
      const issues = issuesOf(passwordSchema, v);
      if (issues.some((i) => i.code === 'too_small' || i.code === 'too_big'))
        return t('validation.passwordLength');
      if (issues.length) return t('validation.passwordGuessable');
      return names.some((n) => isNamePassword(v, n)) ? t('validation.passwordName') : null;
    },
    optionalEmail: (v: string) => (passes(optionalEmailSchema, v.trim()) ? null : t('validation.email')),
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
