import './styles';
import { useState } from 'react';
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useFocusKept, useLater } from '../../lib/later-dialog';
import { useSession } from '../../lib/session-context';
import { useLogout } from '../auth';

/**
 * The navbar's user dropdown: Edit Profile and Logout (seed spec §2). The menu is made around its
 * button once the screen is up, or when first opened (issue 21: useFocusKept says why).
 */
export function UserMenu({ onEditProfile }: { onEditProfile: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [opened, setOpened] = useState(false);
  const later = useLater(opened, 2);
  const keep = useFocusKept<HTMLButtonElement>();
  const button = (onClick?: () => void) => (
    <UnstyledButton
      ref={keep}
      aria-label={t('layout.userMenu', { name: user.nm })}
      aria-haspopup="menu"
      onClick={onClick}
      style={{ borderRadius: 999 }}
      p={2}
    >
      <Group gap={8} wrap="nowrap">
        <UserAvatar name={user.nm} img={user.img} size={34} />
        <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate="end">
          {user.nm}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
  if (!later.make) return button(() => setOpened(true));
  return (
    <Menu position="bottom-end" width={200} withArrow opened={later.opened} onChange={setOpened}>
      <Menu.Target>{button()}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={onEditProfile}>
          {t('layout.editProfile')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          color="red"
          onClick={() => void logout()}
        >
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
