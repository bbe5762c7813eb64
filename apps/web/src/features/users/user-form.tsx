import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { type Flag, type User, flagsFromRoles, rolesFromFlags } from '@duka/domain';
import { ApiError } from '../../lib/api-error';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { useCreateUser, useLocations, useUpdateUser } from './users-api';

/** The flags in the order of the seed spec (§3, §6), grouped as the menu groups them. */
export const FLAG_GROUPS: { key: string; flags: Flag[] }[] = [
  {
    key: 'stock',
    flags: [
      'manage_stock',
      'adding_supplier_stock',
      'adding_stock_positive',
      'adding_stock_negative',
      'adding_interlocation',
      'stock_taking',
    ],
  },
  {
    key: 'sales',
    flags: [
      'sell_cash',
      'sell_debtors',
      'sell_transfer',
      'current_sales',
      'reversing_cash',
      'adding_expenses',
    ],
  },
  { key: 'reports', flags: ['view_sales_report', 'view_stock_report'] },
];

interface Values {
  name: string;
  username: string;
  mobile: string;
  password: string;
  role: 'admin' | 'staff';
  flags: Flag[];
  home_location_id: string | null;
  location_ids: string[];
}

function initial(user: User | null): Values {
  return {
    name: user?.name ?? '',
    username: user?.username ?? '',
    mobile: user?.mobile ?? '',
    password: '',
    role: user?.role ?? 'staff',
    flags: user ? flagsFromRoles(user.user_roles) : [],
    home_location_id: user?.home_location_id ?? null,
    location_ids: user?.location_ids ?? [],
  };
}

/** Add or edit a user: every flag as a labelled switch, home and allowed locations. */
export function UserForm({
  user,
  opened,
  onClose,
}: {
  user: User | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const v = makeValidators(t);
  const locations = useLocations();
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<Values>({
    initialValues: initial(user),
    validate: {
      name: (x) => v.required(x) ?? v.maxLength(80)(x),
      username: v.username,
      mobile: v.optionalMobile,
      password: (x) => (user ? null : v.password(x)),
    },
  });
  const locationOptions = (locations.data ?? [])
    .filter((l) => l.active)
    .map((l) => ({ value: l.id, label: l.name }));
  const isAdmin = form.values.role === 'admin';

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

  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={user ? t('users.edit') : t('users.add')}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('users.username')}
              required
              autoComplete="off"
              {...form.getInputProps('username')}
            />
            <TextInput label={t('users.mobile')} type="tel" {...form.getInputProps('mobile')} />
            {!user && (
              <PasswordInput
                label={t('auth.password')}
                description={t('validation.passwordLength')}
                required
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            )}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="role-label">
              {t('users.role')}
            </Text>
            <SegmentedControl
              aria-labelledby="role-label"
              data={[
                { value: 'staff', label: t('users.roles.staff') },
                { value: 'admin', label: t('users.roles.admin') },
              ]}
              {...form.getInputProps('role')}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('users.homeLocation')}
              data={locationOptions}
              clearable
              placeholder={t('users.noLocation')}
              {...form.getInputProps('home_location_id')}
            />
            <MultiSelect
              label={t('users.allowedLocations')}
              data={locationOptions}
              placeholder={t('users.pickLocations')}
              {...form.getInputProps('location_ids')}
            />
          </SimpleGrid>
          {isAdmin && <Alert color="blue">{t('users.adminAllFlags')}</Alert>}
          {FLAG_GROUPS.map((g) => (
            <Stack key={g.key} gap="xs">
              <Text fw={600} size="sm">
                {t(`users.flagGroups.${g.key}`)}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                {g.flags.map((flag) => (
                  <Switch
                    key={flag}
                    label={t(`flags.${flag}`)}
                    checked={isAdmin || form.values.flags.includes(flag)}
                    disabled={isAdmin}
                    onChange={(e) => toggleFlag(flag, e.currentTarget.checked)}
                    data-flag={flag}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {user ? t('common.save') : t('users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
