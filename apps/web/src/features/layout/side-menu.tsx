import './styles';
import { useEffect, useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { NavLink } from '@mantine/core';
import { IconCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@duka/domain';
import { MENU_ICONS } from './menu-icons';
import { groupOfPath } from './use-menu';
import classes from './layout.module.css';

/** The side menu: groups open one at a time (seed spec §4); the active route's group starts open. */
export function SideMenu({
  menu,
  compact,
  onNavigate,
}: {
  menu: MenuEntry[];
  compact: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(() => groupOfPath(menu, pathname));

  useEffect(() => {
    const g = groupOfPath(menu, pathname);
    if (g) setOpenGroup(g);
  }, [menu, pathname]);

  return (
    <nav aria-label={t('layout.mainMenu')} className={classes.menu} data-compact={compact || undefined}>
      {menu.map((entry) => {
        const Icon = MENU_ICONS[entry.id] ?? IconCircle;
        const icon = <Icon size={20} stroke={1.6} aria-hidden />;
        const label = t(`menu.${entry.id}`);
        if (entry.kind === 'link') {
          return (
            <NavLink
              key={entry.id}
              component={RouterNavLink}
              to={entry.path}
              label={<span className={classes.menuLabel}>{label}</span>}
              aria-label={compact ? label : undefined}
              leftSection={icon}
              active={pathname === entry.path}
              onClick={onNavigate}
              className={classes.menuItem}
              data-menu-entry={entry.id}
            />
          );
        }
        const opened = !compact && openGroup === entry.id;
        return (
          <NavLink
            key={entry.id}
            component="button"
            type="button"
            label={<span className={classes.menuLabel}>{label}</span>}
            aria-label={compact ? label : undefined}
            leftSection={icon}
            opened={opened}
            onChange={(o) => setOpenGroup(o ? entry.id : null)}
            childrenOffset={34}
            className={classes.menuItem}
            active={entry.children.some((c) => c.path === pathname)}
            variant="subtle"
            data-menu-entry={entry.id}
          >
            {entry.children.map((c) => (
              <NavLink
                key={c.id}
                component={RouterNavLink}
                to={c.path}
                label={t(`menu.${c.id}`)}
                active={pathname === c.path}
                onClick={onNavigate}
                className={classes.menuChild}
                data-menu-parent={entry.id}
              />
            ))}
          </NavLink>
        );
      })}
    </nav>
  );
}
