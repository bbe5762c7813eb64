import './styles';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyOrNothing, lazyPanel } from '../../lib/lazy-panel';
import { LaterDialog } from '../../lib/later-dialog';
import { ReadOnlyNoticeProvider, SyncedFromShopNotice } from '../sync';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollTopButton } from './scroll-top-button';
import { Sidebar } from './sidebar';
import { useAppLayout } from './use-app-layout';
import { useMenu } from './use-menu';
import classes from './layout.module.css';

/**
 * The authenticated area (seed spec §2): navbar, side or top menu, footer, scroll-top, settings.
 * The tills leave the copyright footer out: there it is noise below the work (issue 16).
 */
const TILLS = new Set(['/cash-sale', '/debtor-sale', '/transfer-sale']);

/**
 * The notifications, the settings panel and the profile dialog load when first opened, not with
 * the layout (issue 21: with their drawer, tabs, modal, form and printing settings they were a
 * tenth of the till's first load; the notifications' drawer, with Mantine's modal base and scroll
 * lock, 4 KB more). Once opened they stay mounted, so they close with their animation.
 */
/**
 * The horizontal menu (the top layout's, not the default) with Mantine's menus: its code loads
 * when that layout is chosen, not with every screen (issue 21). Should it not arrive, the screen
 * shows without it (the search still finds every screen).
 */
const TopMenu = lazyOrNothing(() => import('./top-menu').then((m) => m.TopMenu));
const NotificationsPanel = lazyPanel(() => import('./notifications-panel').then((m) => m.NotificationsPanel));
const SettingsPanel = lazyPanel(() => import('./settings-panel').then((m) => m.SettingsPanel));
const ProfileDialog = lazyPanel(() => import('../profile').then((m) => m.ProfileDialog));

/** The notifications, the settings and the profile: made when first opened, once their code is in. */
function LayoutPanels({ s }: { s: ReturnType<typeof useAppLayout> }) {
  return (
    <>
      {/* closed, then opened: their transition, and the focus back on close */}
      <Suspense fallback={null}>
        <LaterDialog opened={s.notes.opened} after={null}>
          {(opened) => <NotificationsPanel opened={opened} onClose={s.notes.close} />}
        </LaterDialog>
      </Suspense>
      <Suspense fallback={null}>
        <LaterDialog opened={s.settings.opened} after={null}>
          {(opened) => <SettingsPanel opened={opened} onClose={s.settings.close} />}
        </LaterDialog>
      </Suspense>
      <Suspense fallback={null}>
        <LaterDialog opened={s.profile.opened} after={null}>
          {(opened) => <ProfileDialog opened={opened} onClose={s.profile.close} />}
        </LaterDialog>
      </Suspense>
    </>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const menu = useMenu();
  const s = useAppLayout();

  return (
    <ReadOnlyNoticeProvider>
      <div
        className={classes.shell}
        data-small={s.small || undefined}
        data-top={s.top || undefined}
        data-collapsed={(!s.small && !s.top && s.config.sidebarCollapsed) || undefined}
        data-size={s.config.size}
        data-variant={s.config.variant}
        data-page-scrolled={s.scroll.pageScrolled || undefined}
      >
        <a href="#main" className={classes.skipLink}>
          {t('layout.skipToContent')}
        </a>
        {!s.top && (
          <Sidebar
            config={s.config}
            small={s.small}
            open={s.overlayOpen}
            logoSrc={s.logoSrc}
            onToggleCollapsed={s.toggleCollapsed}
            onClose={() => s.setOverlayOpen(false)}
          />
        )}
        {s.small && s.overlayOpen && (
          <div
            className={classes.backdrop}
            onClick={() => s.setOverlayOpen(false)}
            aria-hidden
            data-testid="menu-backdrop"
          />
        )}
        <div className={classes.content}>
          <Navbar
            small={s.small}
            showLogo={s.small || s.top}
            logoSrc={s.logoSrc}
            sidebarOpen={s.overlayOpen}
            scrolled={s.scroll.navbarScrolled}
            fixed={s.config.navbarType === 'Fixed'}
            onToggleSidebar={() => s.setOverlayOpen((o) => !o)}
            onToggleNotifications={s.notes.toggle}
            onEditProfile={s.profile.open}
            onOpenSettings={s.settings.open}
          />
          {s.top && (
            <Suspense fallback={null}>
              <TopMenu menu={menu} />
            </Suspense>
          )}
          <main id="main" className={classes.main} tabIndex={-1}>
            <SyncedFromShopNotice />
            <Outlet />
          </main>
          {!TILLS.has(pathname) && <Footer />}
        </div>
        <ScrollTopButton visible={s.scroll.showScrollTop} />
        <LayoutPanels s={s} />
      </div>
    </ReadOnlyNoticeProvider>
  );
}
