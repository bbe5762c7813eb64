import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { Wording } from './sync-words';

/** The time now, moving on every `tickMs` (relative times and countdowns stay true). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  return now;
}

/** The sync words' tools in the user's language and the business's time zone. */
export function useWording(tickMs = 15_000): Wording {
  const { t } = useTranslation();
  const session = useSession();
  const { time, ago, span, count } = useFormat(session.business);
  const now = useNow(tickMs);
  return { t, now, time, ago, span, count };
}
