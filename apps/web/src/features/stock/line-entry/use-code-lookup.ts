import { useRef, useState } from 'react';
import type { Product } from '@duka/domain';
import { ApiError } from '../../../lib/api-error';
import { keysRest } from '../../../lib/use-scanner';
import { fetchProducts } from '../products-api';
import { exactMatch } from './shared-lines';

/**
 * Longest wait for a code's answer. The answers are taken in the order scanned, so one that never
 * comes (a dropped connection the browser has not noticed) would hold every later scan: past this
 * it counts as no answer (offline), and the next scans go on.
 */
export const LOOKUP_TIMEOUT_MS = 6000;

/** What became of a code looked up exactly. */
export interface LookupAnswers {
  /** The product the code or barcode names (the only one found counts too); `stamp` as it was at the scan. */
  found: (product: Product, code: string, stamp: string | undefined) => void;
  /** Nothing has that code. */
  missed: (code: string) => void;
  /** Several products match it (a name typed and Enter before the list came): one to choose. */
  several: (code: string) => void;
  /** No answer: offline, or the server refused. */
  failed: (code: string, err: unknown) => void;
  /** What the code was scanned for (the till's sale), asked at the scan and handed to `found`. */
  stamp?: () => string;
}

/** The products a code names, or no answer once LOOKUP_TIMEOUT_MS has passed. */
const askInTime = (code: string, limit: number): Promise<Product[]> =>
  fetchProducts({ q: code, limit }, AbortSignal.timeout(LOOKUP_TIMEOUT_MS)).catch((err: unknown) => {
    throw (err as Error | undefined)?.name === 'TimeoutError' ? new ApiError({ kind: 'network' }) : err;
  });

type Outcome = { found: Product } | { missed: true } | { several: true } | { failed: unknown };

const outcome = (code: string, list: Product[]): Outcome => {
  const exact = exactMatch(code, list) ?? (list.length === 1 ? list[0]! : null);
  if (exact) return { found: exact };
  return list.length === 0 ? { missed: true } : { several: true };
};

/**
 * Codes scanned (or typed and Enter) looked up exactly, as fast as a scanner sends them: each is
 * asked of the server at once, and the answers are taken in the order the codes came, so two scans
 * of a slow answer both count, in order, whichever answers first. A code that found nothing,
 * several or no answer is told only once the keys rest (keysRest): the code put back in the box
 * then never lands in the middle of the next scan. The till's search and the stock screens' search
 * box both look codes up here.
 */
export function useCodeLookup(answers: LookupAnswers, limit = 10) {
  const latest = useRef(answers);
  latest.current = answers;
  /** The last code's turn: the next one's answer is taken after it. */
  const turn = useRef<Promise<void>>(Promise.resolve());
  const [waiting, setWaiting] = useState(0);

  const lookup = (code: string): Promise<void> => {
    const typed = code.trim();
    if (!typed) return Promise.resolve();
    setWaiting((n) => n + 1);
    const stamp = latest.current.stamp?.();
    const answer = askInTime(typed, limit).then(
      (list) => outcome(typed, list),
      (err: unknown): Outcome => ({ failed: err }),
    );
    const mine = turn.current
      .then(() => answer)
      .then(async (o) => {
        if (!('found' in o)) await keysRest();
        const a = latest.current;
        if ('found' in o) a.found(o.found, typed, stamp);
        else if ('missed' in o) a.missed(typed);
        else if ('several' in o) a.several(typed);
        else a.failed(typed, o.failed);
      })
      .finally(() => setWaiting((n) => n - 1));
    turn.current = mine.catch(() => undefined);
    return mine;
  };

  /** Resolves once every code asked so far has been answered and taken (or given up). */
  const settled = () => turn.current;
  return { busy: waiting > 0, lookup, settled };
}
