import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Product } from '@duka/domain';
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
  const [miss, setMiss] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [q] = useDebouncedValue(text.trim(), 150);
  const results = useProductSearch(q);
  const favourites = useFavourites();
  const searching = text.trim().length > 0;
  const list = searching ? (q === text.trim() ? (results.data ?? []) : []) : (favourites.data ?? []);
  const loading = searching ? results.isFetching || q !== text.trim() : favourites.isPending;

  useEffect(() => setActive(0), [results.data, searching]);

  const pick = (p: Product) => {
    onPick(p);
    setText('');
    setMiss(null);
  };

  /** An exact code or barcode asked of the server now (it answers those fast). */
  const lookup = async (code: string) => {
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    try {
      const found = await fetchProducts({ q: typed, limit: 12 });
      const exact = exactMatch(typed, found) ?? (found.length === 1 ? found[0]! : null);
      if (exact) pick(exact);
      else if (found.length === 0) {
        setText(typed);
        setMiss(typed);
      } else {
        setText(typed);
        input.current?.focus();
      }
    } catch (err) {
      notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };

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
      const p = list[active];
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
    miss,
    setMiss,
    busy,
    searching,
    list,
    loading,
    pick,
    onEnter,
  };
}

export type TillSearchState = ReturnType<typeof useTillSearch>;
