import { type ComponentType, createElement, lazy } from 'react';
import { type RouteObject, matchRoutes } from 'react-router';

/** A screen's component, loaded when first rendered or when `preload` is called before that. */
export type LazyScreen = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A screen loaded when first opened (React.lazy), which can be asked to start loading earlier: at
 * start, the screens the address shows load together (preloadMatched) rather than one after the
 * other as each level renders. A failed load is not kept, so a later call tries again; React keeps
 * the failure of the render that saw it (ScreenErrorBoundary offers a reload).
 *
 * Loaded before its first render (at start, main.tsx waits for the address's screens), it renders
 * as itself, not through React.lazy: a lazy component suspends at its first render even when its
 * code is in, and the boundary's fallback it shows holds the screen back until 300 ms after
 * (React's throttle of a boundary's reveal). Rendered through React.lazy, it never shows through
 * it: the render after the wait finds the code in and renders the screen itself (no remount).
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<ComponentType> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () =>
    (loading ??= load().then(
      (Component) => {
        loaded = Component;
        return Component;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  function Screen() {
    return loaded ? createElement(loaded) : <Lazy />;
  }
  return Object.assign(Screen, { preload });
}

/**
 * Starts loading every lazy screen the routes show at `pathname` (the shell and its screen); answers
 * when each has loaded or failed.
 */
export function preloadMatched(routes: RouteObject[], pathname: string): Promise<unknown> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const screen = (route.handle as { screen?: LazyScreen } | undefined)?.screen;
    return screen ? [screen] : [];
  });
  return Promise.allSettled(screens.map((screen) => screen.preload()));
}
