import { type RefObject, useEffect, useState } from 'react';
import { useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { notifyApiError } from '../../../lib/notify';
import { keysRest } from '../../../lib/use-scanner';
import { fetchProducts } from '../products-api';
import { exactMatch } from './lines';

/**
 * The search box's state: the text, its matches (once the debounced query catches up), the
 * highlighted one, and what Enter or a scan from anywhere on the page does; `onPick` hears the
 * product picked.
 */
export function useProductSearch(onPick: (p: Product) => void, input: RefObject<HTMLInputElement | null>) {
  const [text, setText] = useState('');
  const [miss, setMiss] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [q] = useDebouncedValue(text.trim(), 200);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const results = useQuery({
    enabled: q.length > 0,
    queryKey: ['products', 'search', q],
    queryFn: ({ signal }) => fetchProducts({ q, limit: 10 }, signal),
    staleTime: 10_000,
  });
  const list = q === text.trim() ? (results.data ?? []) : [];

  useEffect(() => {
    if (list.length > 0) combobox.selectFirstOption();
  }, [results.data]);

  const pick = (p: Product) => {
    onPick(p);
    setText('');
    setMiss(null);
    combobox.closeDropdown();
  };

  /**
   * A code asked of the server now: its product picked, else the code stays in the box, selected,
   * so the next scan or key replaces it rather than being added to its end (as on the till).
   */
  const lookup = async (typed: string) => {
    setBusy(true);
    try {
      const found = await fetchProducts({ q: typed, limit: 10 });
      const exact = exactMatch(typed, found) ?? (found.length === 1 ? found[0]! : null);
      if (exact) return pick(exact);
      setText(typed);
      if (found.length === 0) setMiss(typed);
      else combobox.openDropdown();
      // the focus to the box once the keys rest (a scan coming in meanwhile stays whole: keysRest)
      await keysRest();
      input.current?.focus();
      if (found.length === 0) requestAnimationFrame(() => input.current?.select());
    } catch (err) {
      notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };

  /** Enter: the highlighted result, else an exact code or barcode asked of the server now. */
  const onEnter = async () => {
    const typed = text.trim();
    if (!typed) return;
    const selected = combobox.getSelectedOptionIndex();
    if (list.length > 0 && selected >= 0 && q === typed) {
      const p = list[selected];
      if (p) return pick(p);
    }
    await lookup(typed);
  };

  /** A scan from anywhere on the page: looked up exactly, whatever the box held. */
  const scan = async (code: string) => {
    const typed = code.trim();
    if (!typed) return;
    setMiss(null);
    await lookup(typed);
  };

  /** Keys typed outside any field: carried on in the box. */
  const typeMore = (more: string) => {
    input.current?.focus();
    type(text + more);
  };

  /** Typing clears the last miss; the list opens while there is text. */
  const type = (value: string) => {
    setText(value);
    setMiss(null);
    if (value.trim()) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const clear = () => {
    setText('');
    combobox.closeDropdown();
  };

  const loading = busy || results.isFetching;
  return { text, miss, list, loading, combobox, pick, onEnter, scan, type, typeMore, clear };
}
