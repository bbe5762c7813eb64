import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../components/user-avatar';
import { ProfileDialog } from '../profile';
import { useSession } from '../../lib/session-context';
import { Footer } from './footer';
import { useLayoutConfig } from './layout-config';
import { Navbar } from './navbar';
import { NotificationsPanel } from './notifications-panel';
import { ScrollTopButton } from './scroll-top-button';
import { SettingsPanel } from './settings-panel';
import { Sidebar } from './sidebar';
import { TopMenu } from './top-menu';
import { useMenu } from './use-menu';
import { SIDEBAR_REFRESH_DELAY_MS, useScrollState, useSmallScreen } from './use-layout-metrics';
import classes from './layout.module.css';

/** The authenticated area (seed spec §2): navbar, side or top menu, footer, scroll-top, settings. */
export function AppLayout() {
  const { t } = useTranslation();
  const { config, update } = useLayoutConfig();
  const session = useSession();
  const menu = useMenu();
  const small = useSmallScreen();
  const scroll = useScrollState();
  const { pathname } = useLocation();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [settings, settingsCtl] = useDisclosure(false);
  const [notes, notesCtl] = useDisclosure(false);
  const [profile, profileCtl] = useDisclosure(false);
  const refreshTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const top = config.menuPosition === 'Top' && !small;
  const logoSrc = session.business.logo ? fileUrl(session.business.logo) : '/assets/duka-logo.svg';

  // Scroll to top on each navigation (seed spec §2); the overlay menu closes too.
  useEffect(() => {
    window.scrollTo(0, 0);
    setOverlayOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!small) setOverlayOpen(false);
  }, [small]);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  /** Toggling the sidebar refreshes the layout after 300 ms (seed spec §4), for widgets that measure. */
  const toggleCollapsed = () => {
    update({ sidebarCollapsed: !config.sidebarCollapsed });
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(
      () => window.dispatchEvent(new Event('resize')),
      SIDEBAR_REFRESH_DELAY_MS,
    );
  };

  return (
    <div
      className={classes.shell}
      data-small={small || undefined}
      data-top={top || undefined}
      data-collapsed={(!small && !top && config.sidebarCollapsed) || undefined}
      data-size={config.size}
      data-variant={config.variant}
      data-page-scrolled={scroll.pageScrolled || undefined}
    >
      <a href="#main" className={classes.skipLink}>
        {t('layout.skipToContent')}
      </a>
      {!top && (
        <Sidebar
          config={config}
          small={small}
          open={overlayOpen}
          logoSrc={logoSrc}
          onToggleCollapsed={toggleCollapsed}
          onClose={() => setOverlayOpen(false)}
        />
      )}
      {small && overlayOpen && (
        <div
          className={classes.backdrop}
          onClick={() => setOverlayOpen(false)}
          aria-hidden
          data-testid="menu-backdrop"
        />
      )}
      <div className={classes.content}>
        <Navbar
          small={small}
          showLogo={small || top}
          logoSrc={logoSrc}
          sidebarOpen={overlayOpen}
          scrolled={scroll.navbarScrolled}
          fixed={config.navbarType === 'Fixed'}
          onToggleSidebar={() => setOverlayOpen((o) => !o)}
          onToggleNotifications={notesCtl.toggle}
          onEditProfile={profileCtl.open}
        />
        {top && <TopMenu menu={menu} />}
        <main id="main" className={classes.main} tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ScrollTopButton visible={scroll.showScrollTop} />
      <SettingsPanel opened={settings} onOpen={settingsCtl.open} onClose={settingsCtl.close} />
      <NotificationsPanel opened={notes} onClose={notesCtl.close} />
      <ProfileDialog opened={profile} onClose={profileCtl.close} />
    </div>
  );
}
