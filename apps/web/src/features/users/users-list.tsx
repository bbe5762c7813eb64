import './styles';
import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/list-states';
import { ResetPasswordDialog } from './reset-password-dialog';
import { type UsersListState, useUsersList } from './use-users-list';
import { UserForm } from './user-form';
import { UserCards, UsersTable } from './users-table';

/** The user accounts list with add, edit, reset password and deactivate. */
export function UsersList() {
  const { t } = useTranslation();
  const s = useUsersList();
  const { editing } = s;
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => s.setEditing('new')}>
          {t('users.add')}
        </Button>
      </Group>
      <UsersBody state={s} />
      {editing !== null && (
        <UserForm
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          opened
          onClose={() => s.setEditing(null)}
        />
      )}
      <ResetPasswordDialog user={s.resetting} onClose={() => s.setResetting(null)} />
      <DeactivateUserDialog state={s} />
    </Stack>
  );
}

/** The list: loading, error, empty, or the table (wide) and the cards (phone), one shown by CSS. */
function UsersBody({ state: s }: { state: UsersListState }) {
  const { t } = useTranslation();
  const { users } = s;
  if (users.isPending)
    return (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={48} />
        ))}
      </Stack>
    );
  if (users.isError) return <ListError onRetry={() => void users.refetch()} />;
  if (users.data.length === 0)
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('users.empty')}
      </Text>
    );
  return (
    <>
      <UsersTable rows={users.data} state={s} />
      <UserCards rows={users.data} state={s} />
    </>
  );
}

/** "Deactivate this user?" */
function DeactivateUserDialog({ state: s }: { state: UsersListState }) {
  const { t } = useTranslation();
  const { deactivating } = s;
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={deactivating !== null}
      onClose={() => s.setDeactivating(null)}
      title={t('users.deactivate')}
      centered
    >
      <Text size="sm">{t('users.deactivateConfirm', { name: deactivating?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => s.setDeactivating(null)}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          loading={s.saving}
          onClick={() => deactivating && void s.setActive(deactivating, false)}
        >
          {t('users.deactivate')}
        </Button>
      </Group>
    </Modal>
  );
}
