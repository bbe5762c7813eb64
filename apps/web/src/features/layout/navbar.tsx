import './styles';
import { Link } from 'react-router';
import { ActionIcon, Burger, Group, Image, Indicator } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { IconBell, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAdminRole } from '@duka/domain';
import { LanguagePicker } from '../../components/language-picker';
import { useSession } from '../../lib/session-context';
import { SyncIndicator } from '../sync';
import { ConnectionIndicator } from './connection-indicator';
import { useNotices } from './use-notices';
import { MenuSearch } from './menu-search';
import { SettingsToggle } from './settings-toggle';
import { UserMenu } from './user-menu';
import classes from './layout.module.css';
import { Hint } from '../../components/hint';

interface NavbarProps {
  small: boolean;
  showLogo: boolean;
  logoSrc: string;
  sidebarOpen: boolean;
  scrolled: boolean;
  fixed: boolean;
  onToggleSidebar: () => void;
  onToggleNotifications: () => void;
  onEditProfile: () => void;
  onOpenSettings: () => void;
}

/** The top navbar of seed spec §2. */
export function Navbar(p: NavbarProps) {
  const { t } = useTranslation();
  const { toggle, fullscreen } = useFullscreenDocument();
  const admin = isAdminRole(useSession().user.role);
  return (
    <header
      className={classes.navbar}
      data-scrolled={p.scrolled || undefined}
      data-fixed={p.fixed || undefined}
    >
      <Group gap="xs" wrap="nowrap">
        {p.small && (
          <Burger
            opened={p.sidebarOpen}
            onClick={p.onToggleSidebar}
            aria-label={t('layout.toggleSidebar')}
            aria-expanded={p.sidebarOpen}
            size="sm"
          />
        )}
        {p.showLogo && (
          <Link to="/" className={classes.navLogo} aria-label={t('layout.home')}>
            <Image src={p.logoSrc} alt="" w={32} h={32} radius="sm" fit="contain" />
          </Link>
        )}
        <MenuSearch />
      </Group>
      <Group gap={6} wrap="nowrap">
        <ConnectionIndicator />
        <div className={classes.hideOnPhone}>
          <LanguagePicker compact />
        </div>
        <Hint label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
            onClick={() => void toggle()}
          >
            {fullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
          </ActionIcon>
        </Hint>
        <SettingsToggle onOpen={p.onOpenSettings} />
        {admin && <SyncIndicator />}
        <NotificationsBell onToggle={p.onToggleNotifications} />
        <UserMenu onEditProfile={p.onEditProfile} />
      </Group>
    </header>
  );
}

/**
 * The bell with the count of what needs attention. Its own component: the notices' answers
 * arriving render the bell alone, not the whole navbar (issue 21: twice at every start).
 */
function NotificationsBell({ onToggle }: { onToggle: () => void }) {
  const { t } = useTranslation();
  const notices = useNotices().count;
  return (
    <Hint label={t('layout.notifications')}>
      <Indicator disabled={notices === 0} color="red" size={9} offset={7} processing={false}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={
            notices === 0 ? t('layout.notifications') : t('layout.notificationsCount', { count: notices })
          }
          onClick={onToggle}
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Hint>
  );
}
