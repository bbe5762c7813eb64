import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { type ComponentType, type ReactNode, Suspense, lazy, useSyncExternalStore } from 'react';
import type { NotificationsProps } from '@mantine/notifications';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LayoutConfigProvider, colorSchemeOf, useLayoutConfig } from '../features/layout/layout-config';
import { theme } from './theme';
import { useInertBehindDialogs } from '../lib/use-inert-behind-dialogs';
import { loadToasts, subscribeToastsNeeded, toastsNeeded } from '../lib/notify';

/**
 * The toasts' component, loaded with the first toast (lib/notify.ts). Should its code not arrive
 * (offline, not cached), the page goes on without toasts rather than failing to render.
 */
const ToastsComponent = lazy((): Promise<{ default: ComponentType<NotificationsProps> }> =>
  loadToasts().then(
    (m) => ({ default: m.Notifications }),
    () => ({ default: () => null }),
  ),
);

function Toasts() {
  const needed = useSyncExternalStore(subscribeToastsNeeded, toastsNeeded);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* Toasts appear top-center (seed spec §2). */}
      <ToastsComponent position="top-center" zIndex={1000} limit={4} />
    </Suspense>
  );
}

function ThemedMantine({ children }: { children: ReactNode }) {
  const { config } = useLayoutConfig();
  useInertBehindDialogs();
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme={colorSchemeOf(config)}
      // the theme's variables (theme.ts's cssVariablesResolver too) and the breakpoints' classes
      // are a style file, theme-vars.css, not computed on every start (mantine-provider-css.ts)
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <Toasts />
      {children}
    </MantineProvider>
  );
}

/**
 * What every page is rendered in: the words, the layout's settings, Mantine's theme and the toasts.
 * The signed-out sign-in page is rendered in these alone (main.tsx); the rest of the app adds
 * TanStack Query and the router inside them (providers.tsx, start-app.tsx), so a toast raised as
 * the sign-in page hands over to the app stays up.
 */
export function BaseProviders({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LayoutConfigProvider>
        <ThemedMantine>{children}</ThemedMantine>
      </LayoutConfigProvider>
    </I18nextProvider>
  );
}
