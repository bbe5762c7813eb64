import { useEffect, useState } from 'react';

/** A module whose code loads when first wanted (`useLazyModule`), kept once it has come. */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded?: M;
}

export const lazyModule = <M>(load: () => Promise<M>): LazyModule<M> => ({ load });

/**
 * The module once `needed` (undefined until its code has come). Code that did not arrive (the
 * server unreachable before the app was cached) is asked for again when `retryKey` changes: a
 * status read again, say, rather than never for the life of the page.
 */
export function useLazyModule<M>(m: LazyModule<M>, needed: boolean, retryKey: unknown): M | undefined {
  const [mod, setMod] = useState(m.loaded);
  useEffect(() => {
    if (!needed || mod) return;
    let live = true;
    m.load().then(
      (loaded) => {
        m.loaded = loaded;
        if (live) setMod(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [m, needed, mod, retryKey]);
  return mod;
}
