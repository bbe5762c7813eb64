import { type RefObject, useEffect } from 'react';
import { useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { fetchProducts } from '../products-api';
import { useScanBox } from './use-scan-box';

/**
 * The search box's state: the text, its matches (once the debounced query catches up), the
 * highlighted one, and what Enter or a scan from anywhere on the page does (use-scan-box.ts);
 * `onPick` hears the product picked.
 */
export function useProductSearch(onPick: (p: Product) => void, input: RefObject<HTMLInputElement | null>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const box = useScanBox(input, onPick, { onSeveral: () => combobox.openDropdown() });
  const { text } = box;
  const [q] = useDebouncedValue(text.trim(), 200);

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

  const clear = () => {
    box.clear();
    combobox.closeDropdown();
  };
  const pick = (p: Product) => {
    onPick(p);
    clear();
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
    combobox.closeDropdown();
    await box.lookupNow(typed);
  };

  /** A scan from anywhere on the page: looked up exactly. */
  const scan = async (code: string) => {
    await box.scan(code);
  };

  /** Typing: the list opens while there is text. */
  const type = (value: string) => {
    box.type(value);
    if (value.trim()) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  /** Keys typed outside any field: carried on in the box (over a code put back). */
  const typeMore = (more: string) => {
    input.current?.focus();
    box.typeMore(more);
    combobox.openDropdown();
  };

  const loading = box.busy || results.isFetching;
  return { text, miss: box.miss, list, loading, combobox, pick, onEnter, scan, type, typeMore, clear };
}
