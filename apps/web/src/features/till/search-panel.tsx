import './styles';
import { forwardRef, useState } from 'react';
import { Group, Kbd, Loader, Paper, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Business, type Product } from '@duka/domain';
import { fileUrl } from '../../components/user-avatar';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useFocusAfterPaint } from '../../lib/use-focus-after-paint';
import { mayOpen } from '../sales';
import { missKey } from '../stock';
import classes from './till.module.css';
import { type SearchHandle, type TillSearchState, useTillSearch } from './use-till-search';

interface Props {
  locationId: string;
  business: Pick<Business, 'currency' | 'timezone' | 'allow_negative_stock'>;
  onPick: (p: Product, scannedFor?: string) => void;
  /** The id of the sale on the till now: what a code is scanned for. */
  saleNow: () => string;
  /** + or − typed in the empty search: the quantity of the line just added; false when there is none. */
  onStep: (delta: 1 | -1) => boolean;
}

const LISTBOX_ID = 'till-results';

/** The scan-or-search box over a grid of tiles: results as you type, or quick picks. */
export const SearchPanel = forwardRef<SearchHandle, Props>(function SearchPanel(
  { locationId, business, onPick, onStep, saleNow },
  ref,
) {
  const { t } = useTranslation();
  const s = useTillSearch(ref, onPick, saleNow);
  // the till opens ready for a scan: a scanner's first code lands in the search without a click
  // (not on a touch-only device, where the focus would open the on-screen keyboard over the till)
  useFocusAfterPaint(s.input, { notOnTouch: true });
  const [focused, setFocused] = useState(false);
  const { list, active, text } = s;
  // the tile Enter would add: while searching the first result, else the quick pick chosen with the arrows
  const marked = s.searching || s.chosen;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <TextInput
        ref={s.input}
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
        rightSection={s.busy || (s.searching && s.loading) ? <Loader size="xs" /> : null}
        value={text}
        error={s.miss ? t(missKey(s.miss, 'till.search'), { text: s.miss.text }) : undefined}
        autoComplete="off"
        role="combobox"
        aria-expanded={list.length > 0}
        aria-controls={LISTBOX_ID}
        aria-autocomplete="list"
        aria-activedescendant={focused && marked && list[active] ? `till-tile-${list[active].id}` : undefined}
        data-testid="till-search"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          s.type(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            s.onEnter();
          } else if (e.key === 'ArrowDown' && list.length) {
            e.preventDefault();
            s.choose((i) => Math.min(i + 1, list.length - 1));
          } else if (e.key === 'ArrowUp' && list.length) {
            e.preventDefault();
            s.choose((i) => Math.max(i - 1, 0));
          } else if ((e.key === '+' || e.key === '-') && !text) {
            // right after a scan + and − are the quantity's keys, never the start of a search
            if (onStep(e.key === '+' ? 1 : -1)) e.preventDefault();
          } else if (e.key === 'Escape' && text) {
            e.preventDefault();
            s.clear();
          }
        }}
      />
      <Group justify="space-between" mt="md" mb="xs">
        <Text size="sm" fw={600} c="dimmed" id={`${LISTBOX_ID}-label`}>
          {s.searching ? t('till.search.results') : t('till.search.favourites')}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          {t('till.search.arrowsHint')}
        </Text>
      </Group>
      <ProductTiles state={s} focused={focused && marked} locationId={locationId} business={business} />
    </Paper>
  );
});

/** A product's picture on its tile: small and fixed in size, fetched only when on screen. */
function TileImage({ name }: { name: string }) {
  return (
    <img
      src={fileUrl(name)}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      className={classes.tileImage}
      data-testid="tile-image"
    />
  );
}

/** The results (or favourites) as tiles: picture if any, name, level here, price; a click adds it. */
function ProductTiles({
  state: s,
  focused,
  locationId,
  business,
}: Omit<Props, 'onPick' | 'onStep' | 'saleNow'> & { state: TillSearchState; focused: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, held } = useFormat(business);
  const { list } = s;
  const levelOf = (p: Product) => p.levels.find((l) => l.location_id === locationId)?.quantity ?? 0;
  if (s.loading && list.length === 0)
    return (
      <div className={classes.tiles}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </div>
    );
  if (list.length === 0 && s.offline)
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="till-search-offline">
        {t('till.search.offline')}
      </Text>
    );
  if (list.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {s.searching
          ? t('till.search.noMatch')
          : // Only who may open Manage Stock is sent there; anyone else asks who can.
            t(mayOpen(session, '/stock') ? 'till.search.noProducts' : 'till.search.noProductsAskOwner')}
      </Text>
    );
  return (
    // as many columns as the panel has room for tiles that hold a price in full (a window's width
    // said nothing of the panel's, beside the side menu and the cart: KES 1,250.00 ran out of its tile)
    <div className={classes.tiles} role="listbox" id={LISTBOX_ID} aria-labelledby={`${LISTBOX_ID}-label`}>
      {list.map((p, i) => {
        const level = levelOf(p);
        const out = level <= 0;
        return (
          <UnstyledButton
            key={p.id}
            id={`till-tile-${p.id}`}
            role="option"
            tabIndex={-1}
            aria-selected={focused && i === s.active}
            className={classes.tile}
            data-testid={`tile-${p.code}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => s.pick(p)}
          >
            {p.image && <TileImage name={p.image} />}
            <div>
              <Text fw={600} size="sm" lineClamp={2}>
                {p.name}
              </Text>
              <Text
                size="xs"
                c={out && !business.allow_negative_stock ? 'var(--mantine-color-error)' : 'dimmed'}
                className="tabular"
              >
                {out ? t('till.search.out') : held(level, p.unit)}
              </Text>
            </div>
            <Text fw={700} className={`tabular ${classes.tilePrice}`}>
              {money(p.price)}
            </Text>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
