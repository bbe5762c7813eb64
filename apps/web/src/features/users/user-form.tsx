import './styles';
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
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  type Flag,
  ROLE_PRESET_NAMES,
  type RolePreset,
  SALES_FLAGS,
  STOCK_FLAGS,
  type User,
  presetOf,
} from '@duka/domain';
import { MergeHistorySection } from '../../components/merge-history';
import { type UserFormState, useUserForm } from './use-user-form';
import { useAllLocations } from '../stock';

/** The flags in the order of the seed spec (§3, §6), grouped as the menu groups them. */
export const FLAG_GROUPS: { key: string; flags: readonly Flag[] }[] = [
  { key: 'stock', flags: STOCK_FLAGS },
  { key: 'sales', flags: SALES_FLAGS },
  { key: 'reports', flags: ['view_sales_report', 'view_stock_report'] },
];

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
  const locations = useAllLocations();
  const activeIds = (locations.data ?? []).filter((l) => l.active).map((l) => l.id);
  const u = useUserForm(user, onClose, activeIds);
  const { form } = u;
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={user ? t('users.edit') : t('users.add')}
    >
      <form onSubmit={u.submit} noValidate>
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
                // the hint until there is an error: a short one's error is the hint itself
                description={form.errors.password ? undefined : t('validation.passwordLength')}
                required
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            )}
          </SimpleGrid>
          <RoleAndLocations form={u} />
          <FlagSwitches form={u} />
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
      {user && (
        <MergeHistorySection
          docType="user"
          id={user.id}
          lookups={{ location: (id) => locations.data?.find((l) => l.id === id)?.name }}
        />
      )}
    </Drawer>
  );
}

/** Admin or staff; the home location and the locations they may act at. */
function RoleAndLocations({ form: { form } }: { form: UserFormState }) {
  const { t } = useTranslation();
  const locations = useAllLocations();
  const locationOptions = (locations.data ?? [])
    .filter((l) => l.active)
    .map((l) => ({ value: l.id, label: l.name }));
  return (
    <>
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
          required={form.values.role === 'staff' && locationOptions.length > 1}
          // choosing the location already chosen keeps it (the clear button empties the field)
          allowDeselect={false}
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
    </>
  );
}

/** A ready-made set of rights (cashier, storekeeper, manager), or "custom" when chosen one by one. */
function PresetPicker({ form: { form, applyPreset } }: { form: UserFormState }) {
  const { t } = useTranslation();
  const current = presetOf(form.values.flags) ?? 'custom';
  // four names do not fit side by side on a phone: one under the other there
  const narrow = useMediaQuery('(max-width: 520px)') ?? false;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="preset-label">
        {t('users.preset')}
      </Text>
      <SegmentedControl
        aria-labelledby="preset-label"
        data-testid="user-preset"
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        value={current}
        onChange={(v) => v !== 'custom' && applyPreset(v as RolePreset)}
        data={[...ROLE_PRESET_NAMES, 'custom'].map((p) => ({
          value: p,
          label: t(`users.presets.${p}`),
          disabled: p === 'custom' && current !== 'custom',
        }))}
      />
      <Text size="xs" c="dimmed">
        {t(`users.presetHelp.${current}`)}
      </Text>
    </Stack>
  );
}

/** Every flag as a switch, by group; an admin has them all. */
function FlagSwitches({ form: u }: { form: UserFormState }) {
  const { form, toggleFlag } = u;
  const { t } = useTranslation();
  const isAdmin = form.values.role === 'admin';
  return (
    <>
      {isAdmin ? <Alert color="blue">{t('users.adminAllFlags')}</Alert> : <PresetPicker form={u} />}
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
    </>
  );
}
