import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconPlus, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@duka/domain';
import { UserAvatar } from '../../components/user-avatar';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserForm } from './user-form';
import { useLocations, useUpdateUser, useUsers } from './users-api';
import { ListError } from '../../components/list-states';

function StatusBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  return user.active ? (
    <Badge color="teal" variant="light">
      {t('users.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline">
      {t('users.inactive')}
    </Badge>
  );
}

/** The user accounts list with add, edit, reset password and deactivate. */
export function UsersList() {
  const { t } = useTranslation();
  const users = useUsers();
  const locations = useLocations();
  const update = useUpdateUser();
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);
  const locationName = (id: string | null) => locations.data?.find((l) => l.id === id)?.name ?? '—';

  const setActive = async (user: User, active: boolean) => {
    try {
      await update.mutateAsync({ id: user.id, body: { active } });
      notifySuccess(
        active ? t('users.reactivated', { name: user.name }) : t('users.deactivated', { name: user.name }),
      );
      setDeactivating(null);
    } catch (err) {
      notifyApiError(err);
    }
  };

  const actions = (u: User) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actionsFor', { name: u.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(u)}>
          {t('users.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setResetting(u)}>
          {t('users.resetPassword')}
        </Menu.Item>
        {u.active ? (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => setDeactivating(u)}
          >
            {t('users.deactivate')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => void setActive(u, true)}
          >
            {t('users.reactivate')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  let body: React.ReactNode;
  if (users.isPending) {
    body = (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={48} />
        ))}
      </Stack>
    );
  } else if (users.isError) {
    body = <ListError onRetry={() => void users.refetch()} />;
  } else if (users.data.length === 0) {
    body = (
      <Text c="dimmed" py="xl" ta="center">
        {t('users.empty')}
      </Text>
    );
  } else {
    body = (
      <>
        <Table.ScrollContainer minWidth={720} visibleFrom="sm">
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.username')}</Table.Th>
                <Table.Th>{t('users.mobile')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('users.homeLocation')}</Table.Th>
                <Table.Th>{t('users.status')}</Table.Th>
                <Table.Th>
                  <span className="sr-only">{t('users.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((u) => (
                <Table.Tr key={u.id} data-testid={`user-row-${u.username}`}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar name={u.name} img={u.img} size={32} />
                      <Text size="sm" fw={500}>
                        {u.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{u.username}</Table.Td>
                  <Table.Td>{u.mobile ?? '—'}</Table.Td>
                  <Table.Td>{t(`users.roles.${u.role}`)}</Table.Td>
                  <Table.Td>{locationName(u.home_location_id)}</Table.Td>
                  <Table.Td>
                    <StatusBadge user={u} />
                  </Table.Td>
                  <Table.Td ta="right">{actions(u)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack hiddenFrom="sm" gap="sm">
          {users.data.map((u) => (
            <Card key={u.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar name={u.name} img={u.img} size={36} />
                  <div>
                    <Text fw={500}>{u.name}</Text>
                    <Text size="xs" c="dimmed">
                      {u.username} · {t(`users.roles.${u.role}`)}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <StatusBadge user={u} />
                  {actions(u)}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('users.add')}
        </Button>
      </Group>
      {body}
      {editing !== null && (
        <UserForm
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={t('users.deactivate')}
        centered
      >
        <Text size="sm">{t('users.deactivateConfirm', { name: deactivating?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeactivating(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={update.isPending}
            onClick={() => deactivating && void setActive(deactivating, false)}
          >
            {t('users.deactivate')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
