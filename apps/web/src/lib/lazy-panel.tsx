import { type ComponentType, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from './notify';

/** What a panel shown on demand takes: whether it is open, and how it closes. */
export interface PanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * A panel (drawer, dialog) whose code loads when it is first shown. Should the code not arrive
 * (the shop's server unreachable before the app was cached), the user is told when it is opened,
 * the panel counts as closed, and its code is asked for again; the screen behind it stays as it was.
 */
export function lazyPanel<P extends PanelProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Current: ComponentType<P>;
  const attempt = () => {
    Current = lazy(() =>
      load().then(
        (Panel) => ({ default: Panel }),
        () => ({
          default: function PanelNotLoaded({ opened, onClose }: P) {
            return <NotLoaded opened={opened} onClose={onClose} tryAgain={attempt} />;
          },
        }),
      ),
    );
  };
  attempt();
  return function LazyPanel(props: P) {
    return <Current {...props} />;
  };
}

function NotLoaded({ opened, onClose, tryAgain }: PanelProps & { tryAgain: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!opened) return;
    tryAgain();
    notifyError(t('errorPage.panelFailed'));
    onClose();
  }, [opened, onClose, tryAgain, t]);
  return null;
}

/** True from the first time `opened` is: a panel shown once stays mounted, so it closes with its animation. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
