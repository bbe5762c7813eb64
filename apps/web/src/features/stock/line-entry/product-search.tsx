import '../styles';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { Combobox, Group, Loader, Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@duka/domain';
import { useFormat } from '../../../lib/format';
import type { ScanField } from '../../../lib/use-scanner';
import { useProductSearch } from './use-product-search';
import { useSearchKeys } from './use-search-keys';
import { missKey } from './use-scan-box';
import { NameAndCode } from '../../../components/name-and-code';

export interface ProductSearchHandle {
  focus: () => void;
}

interface Props {
  onPick: (p: Product) => void;
  /** Levels shown in the results are this location's. */
  locationId?: string;
  /** No levels in the results: a stock count's counters never see the figures on record (ADR 4). */
  blind?: boolean;
  label?: string;
  /** A scan landed in a field marked `data-scan-through`: give it back what it held. */
  onRestore?: (el: ScanField, value: string) => void;
}

/**
 * The scan-or-search box: a scanner types a code and Enter and the product is picked at once;
 * typing a name lists matches, picked with the arrows and Enter (or a tap). One per screen: it has
 * the focus once the screen opens, F2 brings it back from anywhere on the page, and a scan with the
 * focus elsewhere (a button, a line's quantity) is caught as well (use-search-keys.ts).
 */
export const ProductSearch = forwardRef<ProductSearchHandle, Props>(function ProductSearch(
  { onPick, locationId, label, onRestore, blind },
  ref,
) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const s = useProductSearch(onPick, input);
  const { combobox, list } = s;
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  useSearchKeys(input, { onScan: (code) => void s.scan(code), onType: s.typeMore, onRestore });

  const levelOf = (p: Product) =>
    locationId ? (p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0) : p.on_hand;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const p = list.find((x) => x.id === id);
        if (p) s.pick(p);
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={input}
          label={label ?? t('stock.line.search')}
          placeholder={t('stock.line.searchPlaceholder')}
          leftSection={<IconBarcode size={18} aria-hidden />}
          rightSection={s.loading ? <Loader size="xs" /> : null}
          value={s.text}
          error={s.miss ? t(missKey(s.miss, 'stock.line'), { text: s.miss.text }) : undefined}
          autoComplete="off"
          data-testid="product-search"
          onChange={(e) => s.type(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void s.onEnter();
            } else if (e.key === 'Escape') s.clear();
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={list.length === 0}>
        <Combobox.Options>
          {list.map((p) => (
            <Combobox.Option value={p.id} key={p.id}>
              <ProductOption product={p} level={blind ? null : levelOf(p)} />
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
});

/** A match: name and code, and how many are in stock (unless `level` is null). */
function ProductOption({ product: p, level }: { product: Product; level: number | null }) {
  const { held } = useFormat();
  return (
    <Group justify="space-between" wrap="nowrap">
      <NameAndCode name={p.name} code={p.code} />
      {level !== null && (
        <Text size="sm" className="tabular">
          {held(level, p.unit)}
        </Text>
      )}
    </Group>
  );
}
