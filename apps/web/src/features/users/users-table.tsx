import './styles';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconKey, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@duka/domain';
import { TableHead } from '../../components/table-head';
import { UserAvatar } from '../../components/user-avatar';
import { useSession } from '../../lib/session-context';
import type { UsersListState } from './use-users-list';
import { TableScroll } from '../../components/table-scroll';

type RowsProps = { rows: User[]; state: UsersListState };

/** The accounts on a wide screen (from `sm`). */
export function UsersTable({ rows, state: s }: RowsProps) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={720} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <TableHead
          columns={[
            t('users.name'),
            t('users.username'),
            t('users.mobile'),
            t('users.role'),
            t('users.homeLocation'),
            t('users.status'),
          ]}
          actions={t('users.actions')}
        />
        <Table.Tbody>
          {rows.map((u) => (
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
              <Table.Td>{s.locationName(u.home_location_id)}</Table.Td>
              <Table.Td>
                <StatusBadge user={u} />
              </Table.Td>
              <Table.Td ta="right">
                <UserActions user={u} state={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The accounts on a phone (below `sm`): one card each. */
export function UserCards({ rows, state: s }: RowsProps) {
  const { t } = useTranslation();
  return (
    <Stack hiddenFrom="sm" gap="sm">
      {rows.map((u) => (
        <Card key={u.id} withBorder padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <UserAvatar name={u.name} img={u.img} size={36} />
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>
                  {u.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {u.username} · {t(`users.roles.${u.role}`)}
                </Text>
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge user={u} />
              <UserActions user={u} state={s} />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function StatusBadge({ user }: { user: User }) {
  const { t } = useTranslation();
  return user.active ? (
    <Badge color="teal" variant="light" miw="max-content">
      {t('users.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" miw="max-content">
      {t('users.inactive')}
    </Badge>
  );
}

/** Edit, reset the password, deactivate or reactivate (never one's own account: the server refuses it). */
function UserActions({ user: u, state: s }: { user: User; state: UsersListState }) {
  const { t } = useTranslation();
  const own = useSession().user.uid === u.id;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actionsFor', { name: u.name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => s.setEditing(u)}>
          {t('users.edit')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => s.setResetting(u)}>
          {t('users.resetPassword')}
        </Menu.Item>
        {own ? null : u.active ? (
          <Menu.Item
            color="red"
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => s.setDeactivating(u)}
          >
            {t('users.deactivate')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => void s.setActive(u, true)}
          >
            {t('users.reactivate')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
