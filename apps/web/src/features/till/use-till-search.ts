import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product } from '@duka/domain';
import { isApiError } from '../../lib/api-error';
import { useConnection } from '../../lib/connection';
import { notifyApiError } from '../../lib/notify';
import { exactMatch, fetchProducts } from '../stock';
import { useFavourites, useProductSearch } from './till-api';

export interface SearchHandle {
  focus: () => void;
  /** Carries on typing in the search box what was typed elsewhere. */
  type: (text: string) => void;
  /** Looks a scanned code up exactly and adds the product it names. */
  scan: (code: string) => Promise<void>;
}

/**
 * The till's search: what is typed, the results (or the favourites when nothing is), the one
 * chosen with the arrows, and the exact lookup of a scan or of Enter. Exposes focus, type and scan
 * through `ref`.
 */
export function useTillSearch(ref: Ref<SearchHandle>, onPick: (p: Product) => void) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  /** A quick pick chosen with the arrows: only then does Enter in the empty search add it. */
  const [chosen, setChosen] = useState(false);
  /** The code looked up last that found nothing, or got no answer (offline). */
  const [miss, setMiss] = useState<{ text: string; offline: boolean } | null>(null);
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
    setText('');
    setMiss(null);
    setChosen(false);
  };
  const missed = (typed: string, offline: boolean) => {
    setText(typed);
    setMiss({ text: typed, offline });
  };
  useSelectedOnMiss(input, miss);

  const { busy, lookup } = useLookup(pick, missed, (typed) => {
    setText(typed);
    input.current?.focus();
  });

  useImperativeHandle(ref, () => ({
    focus: () => input.current?.focus(),
    type: (more: string) => {
      setText(more);
      setMiss(null);
      input.current?.focus();
    },
    scan: lookup,
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
    void lookup(typed);
  };

  return {
    input,
    text,
    setText,
    active,
    setActive,
    choose,
    chosen,
    miss,
    setMiss,
    offline,
    busy,
    searching,
    list,
    loading,
    pick,
    onEnter,
  };
}

/**
 * The code that found nothing stays in view, selected: the next scan or key replaces it rather than
 * being added to its end (a second scan read "999…616…" and failed too).
 */
function useSelectedOnMiss(input: RefObject<HTMLInputElement | null>, miss: object | null) {
  useEffect(() => {
    if (!miss) return;
    input.current?.focus();
    input.current?.select();
  }, [input, miss]);
}

/**
 * An exact code or barcode asked of the server now (it answers those fast): the product it names,
 * else a miss (nothing found, or no answer), else several to choose from.
 */
function useLookup(
  pick: (p: Product) => void,
  missed: (typed: string, offline: boolean) => void,
  several: (typed: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const lookup = async (code: string) => {
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    try {
      const found = await fetchProducts({ q: typed, limit: 12 });
      const exact = exactMatch(typed, found) ?? (found.length === 1 ? found[0]! : null);
      if (exact) pick(exact);
      else if (found.length === 0) missed(typed, false);
      else several(typed);
    } catch (err) {
      if (noAnswer(err)) missed(typed, true);
      else notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, lookup };
}

/** Offline, or the search paused or got no answer: the till says so rather than "no product matches". */
function useSearchOffline(searching: boolean, results: ReturnType<typeof useProductSearch>): boolean {
  const connection = useConnection();
  if (connection === 'offline') return true;
  return searching && (results.fetchStatus === 'paused' || (results.isError && noAnswer(results.error)));
}

const noAnswer = (err: unknown) => isApiError(err) && (err.kind === 'network' || err.kind === 'offline');

export type TillSearchState = ReturnType<typeof useTillSearch>;
