import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Product } from '@duka/domain';
import { noAnswer } from '../../../lib/api-error';
import { notifyApiError } from '../../../lib/notify';
import { whereKeyLands } from '../../../lib/use-scanner';
import { useCodeLookup } from './use-code-lookup';

/** A code that found nothing, several products, or no answer (offline), named under the box. */
export interface Miss {
  text: string;
  kind: 'none' | 'several' | 'offline';
}

const MISS_WORDS = { none: 'notFound', several: 'severalMiss', offline: 'offlineMiss' } as const;

/** The words' key of a miss, among the screen's own (`till.search`, `stock.line`). */
export const missKey = (miss: Miss, words: 'till.search' | 'stock.line') =>
  `${words}.${MISS_WORDS[miss.kind]}`;

/**
 * A scan-or-search box's text and its exact code lookups, one way for the till and the stock
 * screens. A code leaves the box as its Enter comes, so the next scan starts in an empty box; each
 * product found is picked in the order scanned (useCodeLookup). A code that found nothing (or
 * several, or no answer) comes back into the box, selected, so the next scan replaces it, unless
 * a person has typed in the box since: what they typed is kept and the miss is only named.
 */
export function useScanBox(
  input: RefObject<HTMLInputElement | null>,
  onPick: (p: Product, stamp?: string) => void,
  {
    limit = 10,
    onSeveral,
    stamp,
  }: {
    limit?: number;
    onSeveral?: (code: string) => void;
    /** What a code is scanned for (the till's sale): handed to onPick with the product found. */
    stamp?: () => string;
  } = {},
) {
  const [text, setText] = useState('');
  const [miss, setMiss] = useState<Miss | null>(null);
  /** The box holds what a person typed (not a code put back): an answer that comes later keeps it. */
  const ownText = useRef(false);
  /** Bumped when a code is put back: the box is focused and selected once it shows it. */
  const [putBackSeq, setPutBackSeq] = useState(0);
  useEffect(() => {
    const box = input.current;
    if (putBackSeq === 0 || !box) return;
    // not taken from a field a person is typing in (a quantity): the code waits in the box for them
    if (document.activeElement !== box && whereKeyLands(document.activeElement) !== 'none') return;
    box.focus();
    box.select();
  }, [input, putBackSeq]);

  const putBack = (code: string) => {
    if (ownText.current) return false;
    setText(code);
    setPutBackSeq((n) => n + 1);
    return true;
  };
  const { busy, lookup, settled } = useCodeLookup(
    {
      // the box and a miss shown are left alone: a code that failed before this one stays in view
      found: (p, _code, scannedFor) => onPick(p, scannedFor),
      missed: (code) => {
        putBack(code);
        setMiss({ text: code, kind: 'none' });
      },
      // the box lists them to choose from; over a person's own text, they are named instead
      several: (code) => {
        if (putBack(code)) onSeveral?.(code);
        else setMiss({ text: code, kind: 'several' });
      },
      failed: (code, err) => {
        putBack(code);
        if (noAnswer(err)) setMiss({ text: code, kind: 'offline' });
        else notifyApiError(err);
      },
      stamp,
    },
    limit,
  );

  /**
   * What a person typed (or keys typed on the page, carried on here). Typing over a code put back
   * clears its miss; a miss that came while the person was typing stays named until the box is
   * emptied (else their next key took it away before it was read).
   */
  const type = (value: string) => {
    if (!ownText.current || !value.trim()) setMiss(null);
    ownText.current = value.trim().length > 0;
    setText(value);
  };
  /** Keys typed elsewhere on the page, carried on here: after a person's text, or over a code put back. */
  const typeMore = (more: string) => type(ownText.current ? text + more : more);
  /** The box emptied: a product picked from the list, Escape, a code taken. */
  const clear = () => {
    ownText.current = false;
    setText('');
    setMiss(null);
  };
  /** A code and Enter in the box: it leaves the box at once and is looked up exactly. */
  const lookupNow = (code: string) => {
    clear();
    return lookup(code);
  };
  /** A scan from elsewhere on the page: it replaces a code put back, as one into the box would. */
  const scan = (code: string) => {
    if (ownText.current) setMiss(null);
    else clear();
    return lookup(code);
  };

  return { text, miss, busy, type, typeMore, clear, lookupNow, scan, settled };
}
