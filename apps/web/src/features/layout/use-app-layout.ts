import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { fileUrl } from '../../components/user-avatar';
import { useSession } from '../../lib/session-context';
import { useLayoutConfig } from './layout-config';
import { SIDEBAR_REFRESH_DELAY_MS, useScrollState, useSmallScreen } from './use-layout-metrics';

/** The shell's state: the layout settings, screen and scroll, the overlay menu and the three panels. */
export function useAppLayout() {
  const { config, update } = useLayoutConfig();
  const session = useSession();
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

  return {
    config,
    small,
    scroll,
    top,
    logoSrc,
    overlayOpen,
    setOverlayOpen,
    toggleCollapsed,
    settings: { opened: settings, ...settingsCtl },
    notes: { opened: notes, ...notesCtl },
    profile: { opened: profile, ...profileCtl },
  };
}
