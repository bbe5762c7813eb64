import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@duka/domain';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useAllLocations } from '../stock';
import { useUpdateUser, useUsers } from './users-api';

/** The users list's state: the accounts, and which one is being edited, reset or deactivated. */
export function useUsersList() {
  const { t } = useTranslation();
  const users = useUsers();
  const locations = useAllLocations();
  const update = useUpdateUser();
  const [editing, setEditing] = useState<User | null | 'new'>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [deactivating, setDeactivating] = useState<User | null>(null);

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

  return {
    users,
    locationName: (id: string | null) => locations.data?.find((l) => l.id === id)?.name ?? '—',
    saving: update.isPending,
    editing,
    setEditing,
    resetting,
    setResetting,
    deactivating,
    setDeactivating,
    setActive,
  };
}

export type UsersListState = ReturnType<typeof useUsersList>;
