import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import {
  Group,
  Kbd,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Business, type Product, formatQuantity } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifyApiError } from '../../lib/notify';
import { exactMatch, fetchProducts } from '../stock';
import { useFavourites, useProductSearch } from './till-api';
import classes from './till.module.css';

export interface SearchHandle {
  focus: () => void;
  /** Carries on typing in the search box what was typed elsewhere. */
  type: (text: string) => void;
  /** Looks a scanned code up exactly and adds the product it names. */
  scan: (code: string) => Promise<void>;
}

interface Props {
  locationId: string;
  business: Pick<Business, 'currency' | 'timezone' | 'allow_negative_stock'>;
  onPick: (p: Product) => void;
}

const LISTBOX_ID = 'till-results';

/** The scan-or-search box over a grid of tiles: results as you type, or quick picks. */
export const SearchPanel = forwardRef<SearchHandle, Props>(function SearchPanel(
  { locationId, business, onPick },
  ref,
) {
  const { t } = useTranslation();
  const { money } = useFormat(business);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [miss, setMiss] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focused, setFocused] = useState(false);
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

  const levelOf = (p: Product) => p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <TextInput
        ref={input}
        size="lg"
        label={
          <Group gap={6} component="span">
            {t('till.search.label')}
            <Kbd size="xs" visibleFrom="sm">
              F2
            </Kbd>
          </Group>
        }
        placeholder={t('till.search.placeholder')}
        leftSection={<IconBarcode size={22} aria-hidden />}
        rightSection={busy || (searching && loading) ? <Loader size="xs" /> : null}
        value={text}
        error={miss ? t('till.search.notFound', { text: miss }) : undefined}
        autoComplete="off"
        role="combobox"
        aria-expanded={list.length > 0}
        aria-controls={LISTBOX_ID}
        aria-autocomplete="list"
        aria-activedescendant={focused && list[active] ? `till-tile-${list[active].id}` : undefined}
        data-testid="till-search"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setMiss(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          } else if (e.key === 'ArrowDown' && list.length) {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, list.length - 1));
          } else if (e.key === 'ArrowUp' && list.length) {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Escape' && text) {
            e.preventDefault();
            setText('');
            setMiss(null);
          }
        }}
      />
      <Group justify="space-between" mt="md" mb="xs">
        <Text size="sm" fw={600} c="dimmed" id={`${LISTBOX_ID}-label`}>
          {searching ? t('till.search.results') : t('till.search.favourites')}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('till.search.arrowsHint')}
        </Text>
      </Group>
      {loading && list.length === 0 ? (
        <SimpleGrid cols={{ base: 2, xs: 3, lg: 4 }} spacing="sm">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {searching ? t('till.search.noMatch') : t('till.search.noProducts')}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, xs: 3, lg: 4 }}
          spacing="sm"
          role="listbox"
          id={LISTBOX_ID}
          aria-labelledby={`${LISTBOX_ID}-label`}
        >
          {list.map((p, i) => {
            const level = levelOf(p);
            const out = level <= 0;
            return (
              <UnstyledButton
                key={p.id}
                id={`till-tile-${p.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={focused && i === active}
                className={classes.tile}
                data-testid={`tile-${p.code}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p)}
              >
                <div>
                  <Text fw={600} size="sm" lineClamp={2}>
                    {p.name}
                  </Text>
                  <Text
                    size="xs"
                    c={out && !business.allow_negative_stock ? 'var(--mantine-color-error)' : 'dimmed'}
                    className="tabular"
                  >
                    {out ? t('till.search.out') : `${formatQuantity(level)} ${t(`stock.units.${p.unit}`)}`}
                  </Text>
                </div>
                <Text fw={700} className="tabular">
                  {money(p.price)}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
});
