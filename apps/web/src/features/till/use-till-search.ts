import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product } from '@duka/domain';
import { noAnswer } from '../../lib/api-error';
import { useConnection } from '../../lib/connection';
import { useScanBox } from '../stock';
import { useFavourites, useProductSearch } from './till-api';

export interface SearchHandle {
  focus: () => void;
  /** Carries on typing in the search box what was typed elsewhere. */
  type: (text: string) => void;
  /** Looks a scanned code up exactly and adds the product it names. */
  scan: (code: string) => Promise<void>;
  /** Resolves once every code scanned so far has been answered and its product added. */
  settled: () => Promise<void>;
}

/**
 * The till's search: what is typed, the results (or the favourites when nothing is), the one
 * chosen with the arrows, and the exact lookup of a scan or of Enter. Exposes focus, type and scan
 * through `ref`.
 */
export function useTillSearch(
  ref: Ref<SearchHandle>,
  onPick: (p: Product, scannedFor?: string) => void,
  saleNow: () => string,
) {
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(0);
  /** A quick pick chosen with the arrows: only then does Enter in the empty search add it. */
  const [chosen, setChosen] = useState(false);
  // each code is stamped with the sale it was scanned for: an answer that comes after that sale
  // was completed, parked or cleared is not added to the next one (use-till.ts onPick)
  const box = useScanBox(input, onPick, {
    limit: 12,
    onSeveral: () => input.current?.focus(),
    stamp: saleNow,
  });
  const { text } = box;
  const [q] = useDebouncedValue(text.trim(), 150);
  const results = useProductSearch(q);
  const favourites = useFavourites();
  const searching = text.trim().length > 0;
  const list = searching ? (q === text.trim() ? (results.data ?? []) : []) : (favourites.data ?? []);
  const offline = useSearchOffline(searching, results);
  const loading = searching
    ? (results.isFetching || q !== text.trim()) && !offline
    : favourites.isPending && !offline;

  useEffect(() => {
    setActive(0);
    setChosen(false);
  }, [results.data, searching]);
  /** The arrows: the first press marks the first tile, the next ones move. */
  const choose = (move: (i: number) => number) => {
    setActive(chosen || searching ? move : () => 0);
    setChosen(true);
  };

  const pick = (p: Product) => {
    onPick(p);
    box.clear();
    setChosen(false);
  };

  useImperativeHandle(ref, () => ({
    focus: () => input.current?.focus(),
    type: (more: string) => {
      box.typeMore(more);
      input.current?.focus();
    },
    scan: box.scan,
    settled: box.settled,
  }));

  const onEnter = () => {
    const typed = text.trim();
    if (!typed) {
      // a bare Enter (a scanner's empty read, the Enter after F9 before the pay panel is up)
      // adds nothing: only a quick pick chosen with the arrows
      const p = chosen ? list[active] : undefined;
      if (p) pick(p);
      return;
    }
    const p = list[active];
    if (p && q === typed) return pick(p);
    void box.lookupNow(typed);
  };

  return {
    input,
    text,
    type: box.type,
    clear: box.clear,
    active,
    setActive,
    choose,
    chosen,
    miss: box.miss,
    offline,
    busy: box.busy,
    searching,
    list,
    loading,
    pick,
    onEnter,
  };
}

/** Offline, or the search paused or got no answer: the till says so rather than "no product matches". */
function useSearchOffline(searching: boolean, results: ReturnType<typeof useProductSearch>): boolean {
  const connection = useConnection();
  if (connection === 'offline') return true;
  return searching && (results.fetchStatus === 'paused' || (results.isError && noAnswer(results.error)));
}

export type TillSearchState = ReturnType<typeof useTillSearch>;
