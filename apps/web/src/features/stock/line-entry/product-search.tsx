import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Product, formatQuantity } from '@duka/domain';
import { notifyApiError } from '../../../lib/notify';
import { fetchProducts } from '../stock-api';
import { exactMatch } from './lines';

export interface ProductSearchHandle {
  focus: () => void;
}

interface Props {
  onPick: (p: Product) => void;
  /** Levels shown in the results are this location's. */
  locationId?: string;
  label?: string;
}

/**
 * The scan-or-search box: a scanner types a code and Enter and the product is picked at once;
 * typing a name lists matches, picked with the arrows and Enter (or a tap).
 */
export const ProductSearch = forwardRef<ProductSearchHandle, Props>(function ProductSearch(
  { onPick, locationId, label },
  ref,
) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [miss, setMiss] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [q] = useDebouncedValue(text.trim(), 200);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

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

  /** Enter: the highlighted result, else an exact code or barcode asked of the server now. */
  const onEnter = async () => {
    const typed = text.trim();
    if (!typed) return;
    const selected = combobox.getSelectedOptionIndex();
    if (list.length > 0 && selected >= 0 && q === typed) {
      const p = list[selected];
      if (p) return pick(p);
    }
    setBusy(true);
    try {
      const found = await fetchProducts({ q: typed, limit: 10 });
      const exact = exactMatch(typed, found) ?? (found.length === 1 ? found[0]! : null);
      if (exact) pick(exact);
      else if (found.length === 0) setMiss(typed);
      else combobox.openDropdown();
    } catch (err) {
      notifyApiError(err);
    } finally {
      setBusy(false);
    }
  };

  const levelOf = (p: Product) =>
    locationId ? (p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0) : p.on_hand;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const p = list.find((x) => x.id === id);
        if (p) pick(p);
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={input}
          label={label ?? t('stock.line.search')}
          placeholder={t('stock.line.searchPlaceholder')}
          leftSection={<IconBarcode size={18} aria-hidden />}
          rightSection={busy || results.isFetching ? <Loader size="xs" /> : null}
          value={text}
          error={miss ? t('stock.line.notFound', { text: miss }) : undefined}
          autoComplete="off"
          data-testid="product-search"
          onChange={(e) => {
            setText(e.currentTarget.value);
            setMiss(null);
            if (e.currentTarget.value.trim()) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onEnter();
            } else if (e.key === 'Escape') {
              setText('');
              combobox.closeDropdown();
            }
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={list.length === 0}>
        <Combobox.Options>
          {list.map((p) => (
            <Combobox.Option value={p.id} key={p.id}>
              <Group justify="space-between" wrap="nowrap">
                <div>
                  <Text size="sm" fw={500}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.code}
                  </Text>
                </div>
                <Text size="sm" className="tabular">
                  {formatQuantity(levelOf(p))} {t(`stock.units.${p.unit}`)}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
});
