import { type ComponentType, lazy } from 'react';
import { type RouteObject, matchRoutes } from 'react-router';

/** A screen's component, loaded when first rendered or when `preload` is called before that. */
export type LazyScreen = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A screen loaded when first opened (React.lazy), which can be asked to start loading earlier: at
 * start, the screens the address shows load together (preloadMatched) rather than one after the
 * other as each level renders. A failed load is not kept, so a later call tries again; React keeps
 * the failure of the render that saw it (ScreenErrorBoundary offers a reload).
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  const Screen = lazy(() => preload().then((Component) => ({ default: Component })));
  return Object.assign(Screen, { preload });
}

/** Starts loading every lazy screen the routes show at `pathname` (the shell and its screen). */
export function preloadMatched(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const screen = (route.handle as { screen?: LazyScreen } | undefined)?.screen;
    void screen?.preload().catch(() => undefined);
  }
}
