import './styles';
import type { ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../lib/lazy-panel';
import { useOpenedAfterMount } from '../../lib/later-dialog';

/** The user menu's dropdown, made around its button (user-menu.tsx loads it when first wanted). */
export function UserMenuDropdown(p: {
  opened: boolean;
  onClose: () => void;
  onChange: (opened: boolean) => void;
  target: ReactElement;
  fallback: PanelProps['fallback'];
  onEditProfile: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const opened = useOpenedAfterMount(p.opened);
  return (
    <Menu position="bottom-end" width={200} withArrow opened={opened} onChange={p.onChange}>
      <Menu.Target>{p.target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={p.onEditProfile}>
          {t('layout.editProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={p.onLogout}>
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
