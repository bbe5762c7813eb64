import '@mantine/core/styles/Button.css';
import { Component, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from '../components/blank-layout';
import { removeStartScreen } from '../lib/start-frame';

/** The page that says a screen failed, and offers to reload. */
export function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <BlankLayout title={t('errorPage.screenFailedTitle')} subtitle={t('errorPage.screenFailed')}>
      <Group justify="center">
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      </Group>
    </BlankLayout>
  );
}

/**
 * A screen whose code did not arrive (the shop's server unreachable and the screen not yet cached,
 * or a new version installed meanwhile), or that failed to render: a page that says so and
 * reloads, instead of a blank page. (React logs the error itself.)
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(): void {
    // the till's frame, if still up, would hide the page that says so
    removeStartScreen(document);
  }

  render(): ReactNode {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}
