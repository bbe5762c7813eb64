import { useEffect, useState } from 'react';
import { HEADER_REFRESH_MS, mayHaveNotices, useSyncStatus } from './sync-status';
import type * as SyncWords from './sync-words';
import type { SyncNotice } from './sync-words';
import { useWording } from './use-wording';

type Words = typeof SyncWords;
let loaded: Words | undefined;

/**
 * The sync words' module once a status may need them: not with the till's start (issue 21). One
 * that did not arrive (offline before the app was cached) is asked for again with the next status.
 */
function useSyncWords(needed: boolean, asOf: number): Words | undefined {
  const [words, setWords] = useState(loaded);
  useEffect(() => {
    if (!needed || words) return;
    let live = true;
    import('./sync-words').then(
      (m) => {
        loaded = m;
        if (live) setWords(m);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, words, asOf]);
  return words;
}

/** The notifications panel's sync entries, from the status the header indicator polls. */
export function useSyncNotices(): SyncNotice[] {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  const w = useWording(HEADER_REFRESH_MS);
  const data = status.data;
  const needed = mayHaveNotices(data);
  const words = useSyncWords(needed, status.dataUpdatedAt);
  return needed && words ? words.syncNotices(w, data) : [];
}
