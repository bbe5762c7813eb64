import './styles';
import { Link, useLocation } from 'react-router';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@duka/domain';
import { MENU_ICONS } from './menu-icons';
import classes from './layout.module.css';

/** The horizontal menu, when menuPosition is Top on a wide screen (seed spec §3). */
export function TopMenu({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('layout.mainMenu')} className={classes.topMenu}>
      <Group gap={4} wrap="wrap">
        {menu.map((entry) => {
          const Icon = MENU_ICONS[entry.id] ?? IconCircle;
          const icon = <Icon size={18} stroke={1.6} aria-hidden />;
          if (entry.kind === 'link') {
            const active = pathname === entry.path;
            return (
              <Button
                key={entry.id}
                component={Link}
                to={entry.path}
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                leftSection={icon}
                size="compact-sm"
                aria-current={active ? 'page' : undefined}
              >
                {t(`menu.${entry.id}`)}
              </Button>
            );
          }
          const active = entry.children.some((c) => c.path === pathname);
          return (
            <Menu
              key={entry.id}
              trigger="click-hover"
              openDelay={60}
              closeDelay={150}
              position="bottom-start"
            >
              <Menu.Target>
                <Button
                  variant={active ? 'light' : 'subtle'}
                  color={active ? undefined : 'gray'}
                  leftSection={icon}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                  size="compact-sm"
                >
                  {t(`menu.${entry.id}`)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {entry.children.map((c) => (
                  <Menu.Item key={c.id} component={Link} to={c.path}>
                    {t(`menu.${c.id}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </nav>
  );
}
