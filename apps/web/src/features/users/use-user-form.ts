import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import {
  DEFAULT_STAFF_PRESET,
  type Flag,
  ROLE_PRESETS,
  type RolePreset,
  type User,
  flagsFromRoles,
  personNameSchema,
  rolesFromFlags,
} from '@duka/domain';
import { ApiError } from '../../lib/api-error';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { useCreateUser, useUpdateUser } from './users-api';

export interface UserValues {
  name: string;
  username: string;
  mobile: string;
  password: string;
  role: 'admin' | 'staff';
  flags: Flag[];
  home_location_id: string | null;
  location_ids: string[];
}

function initial(user: User | null): UserValues {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    mobile: user?.mobile ?? '',
    password: '',
    role: user?.role ?? 'staff',
    flags: user ? flagsFromRoles(user.user_roles) : [...ROLE_PRESETS[DEFAULT_STAFF_PRESET]],
    home_location_id: user?.home_location_id ?? null,
    location_ids: user?.location_ids ?? [],
  };
}

/**
 * The user form: values, their checks, and saving (a new user, or changes to one); refusals by
 * field. A new staff user starts as a cashier at the business's only location; with several, the
 * form asks where they work.
 */
export function useUserForm(user: User | null, onClose: () => void, locationIds: readonly string[]) {
  const { t } = useTranslation();
  const v = makeValidators(t);
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<UserValues>({
    initialValues: initial(user),
    validate: {
      name: v.text(personNameSchema),
      username: v.username,
      mobile: v.optionalMobile,
      password: (x, all) => (user ? null : v.password(x, [all.username])),
      home_location_id: (home, values) =>
        !user && values.role === 'staff' && !home && locationIds.length > 1
          ? t('users.homeLocationRequired')
          : null,
    },
  });

  const only = locationIds.length === 1 ? locationIds[0]! : null;
  useEffect(() => {
    if (!user && only && form.values.home_location_id === null) form.setFieldValue('home_location_id', only);
  }, [user, only]);

  const submit = form.onSubmit(async (values) => {
    const allowed =
      values.home_location_id && !values.location_ids.includes(values.home_location_id)
        ? [...values.location_ids, values.home_location_id]
        : values.location_ids;
    const common = {
      name: values.name.trim(),
      username: values.username.trim(),
      role: values.role,
      user_roles: rolesFromFlags(values.flags),
      home_location_id: values.home_location_id,
      location_ids: allowed,
    };
    try {
      if (user) {
        await update.mutateAsync({ id: user.id, body: { ...common, mobile: values.mobile.trim() || null } });
        notifySuccess(t('users.saved'));
      } else {
        await create.mutateAsync({
          ...common,
          mobile: values.mobile.trim() || undefined,
          password: values.password,
        });
        notifySuccess(t('users.created'));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'username_taken' || err.code === 'username_is_mobile'))
        form.setFieldError('username', describeApiError(err));
      else if (err instanceof ApiError && (err.code === 'mobile_taken' || err.code === 'mobile_is_username'))
        form.setFieldError('mobile', describeApiError(err));
      else if (err instanceof ApiError && err.field && err.field in form.values)
        form.setFieldError(err.field, describeApiError(err));
      else notifyApiError(err);
    }
  });

  const toggleFlag = (flag: Flag, on: boolean) =>
    form.setFieldValue(
      'flags',
      on ? [...form.values.flags, flag] : form.values.flags.filter((f) => f !== flag),
    );

  const applyPreset = (preset: RolePreset) => form.setFieldValue('flags', [...ROLE_PRESETS[preset]]);

  return { form, submit, toggleFlag, applyPreset };
}

export type UserFormState = ReturnType<typeof useUserForm>;
