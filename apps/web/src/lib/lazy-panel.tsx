import { type ComponentType, type ReactNode, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from './notify';

/** What a panel shown on demand takes: whether it is open, and how it closes. */
export interface PanelProps {
  opened: boolean;
  onClose: () => void;
  /**
   * What shows in its place should its code not arrive: for a menu or popover made around the
   * element it opens from, that element alone (nothing, for a dialog or drawer).
   */
  fallback?: ReactNode;
}

/** A panel whose code loads when it is first shown; `preload` asks for the code before that. */
export type LazyPanel<P> = ComponentType<P> & { preload: () => void };

/**
 * A panel (drawer, dialog) whose code loads when it is first shown. Should the code not arrive
 * (the shop's server unreachable before the app was cached), the user is told when it is opened,
 * the panel counts as closed, and its code is asked for again; the screen behind it stays as it was.
 */
export function lazyPanel<P extends PanelProps>(load: () => Promise<ComponentType<P>>): LazyPanel<P> {
  let Current: ComponentType<P>;
  const attempt = () => {
    Current = lazy(() =>
      load().then(
        (Panel) => ({ default: Panel }),
        () => ({
          default: function PanelNotLoaded({ opened, onClose, fallback }: P) {
            return <NotLoaded opened={opened} onClose={onClose} fallback={fallback} tryAgain={attempt} />;
          },
        }),
      ),
    );
  };
  attempt();
  const Panel = (props: P) => <Current {...props} />;
  // (a failed early ask is left to the panel's own, when it is shown)
  return Object.assign(Panel, { preload: () => void load().catch(() => undefined) });
}

function NotLoaded({ opened, onClose, fallback, tryAgain }: PanelProps & { tryAgain: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!opened) return;
    tryAgain();
    notifyError(t('errorPage.panelFailed'));
    onClose();
  }, [opened, onClose, tryAgain, t]);
  return fallback ?? null;
}

/** True from the first time `opened` is: a panel shown once stays mounted, so it closes with its animation. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * A component whose code loads when it is first rendered (under a Suspense boundary), for what the
 * screen does without: should the code not arrive, nothing shows in its place.
 */
export function lazyOrNothing<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      () => ({ default: nothing }),
    ),
  );
}
