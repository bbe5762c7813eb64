import './styles';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Image, Text } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { truncateShopName } from '@duka/domain';
import type { LayoutConfig } from '../../lib/prefs';
import { useOpenedOnce } from '../../lib/lazy-panel';
import { useSession } from '../../lib/session-context';
import { SideMenu } from './side-menu';
import { useMenu } from './use-menu';
import classes from './layout.module.css';
import { Hint } from '../../components/hint';

interface SidebarProps {
  config: LayoutConfig;
  small: boolean;
  open: boolean;
  logoSrc: string;
  onToggleCollapsed: () => void;
  onClose: () => void;
}

/**
 * The side menu (seed spec §2, §4): under 1200 px an overlay; when collapsed it expands on mouse
 * hover and collapses on leave. The shop name is cut to 13 characters.
 *
 * The overlay's menu is made the first time it opens and then kept, so it closes with its slide
 * (issue 21): closed, off the screen, it was half the till's page on a phone (240 of 480 elements)
 * and a share of the shell's first commit and layout for nothing anyone could see or reach.
 */
export function Sidebar({ config, small, open, logoSrc, onToggleCollapsed, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const menu = useMenu();
  const [hovered, setHovered] = useState(false);
  const collapsed = !small && config.sidebarCollapsed;
  const compact = collapsed && !hovered;
  const ref = useRef<HTMLElement>(null);
  const menuShown = useOpenedOnce(!small || open);

  useEffect(() => {
    if (!collapsed) setHovered(false);
  }, [collapsed]);

  return (
    <aside
      ref={ref}
      className={classes.sidebar}
      data-small={small || undefined}
      data-open={open || undefined}
      data-collapsed={collapsed || undefined}
      data-expanded={(collapsed && hovered) || undefined}
      data-size={config.size}
      data-color={config.backgroundColor}
      data-bg={config.backgroundImage ? config.backgroundImageURL : undefined}
      data-variant={config.variant}
      onMouseEnter={() => collapsed && setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      aria-label={t('layout.sidebar')}
      data-testid="sidebar"
    >
      <div className={classes.sidebarHeader}>
        <Link to="/" className={classes.brand} aria-label={t('layout.home')}>
          <Image src={logoSrc} alt="" w={34} h={34} radius="sm" fit="contain" />
          {!compact && (
            <Text fw={700} size="md" className={classes.shopName} title={session.shop_details.name}>
              {truncateShopName(session.shop_details.name)}
            </Text>
          )}
        </Link>
        {small ? (
          <ActionIcon variant="subtle" color="gray" aria-label={t('layout.closeMenu')} onClick={onClose}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        ) : (
          !compact && (
            <Hint label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={collapsed ? t('layout.expandSidebar') : t('layout.collapseSidebar')}
                aria-pressed={collapsed}
                onClick={onToggleCollapsed}
              >
                {collapsed ? (
                  <IconLayoutSidebarLeftExpand size={18} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={18} aria-hidden />
                )}
              </ActionIcon>
            </Hint>
          )
        )}
      </div>
      {menuShown && (
        // a scrolling box of the browser's, not Mantine's ScrollArea: that one keeps its elements in
        // state, set as it mounts, so React rendered the shell again in its first task (issue 21)
        <div className={classes.sidebarScroll}>
          <SideMenu menu={menu} compact={compact} onNavigate={small ? onClose : undefined} />
        </div>
      )}
    </aside>
  );
}
