import './styles';
import { memo } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PricedLine } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { type CartAction, type TillLine, beyondStock, qtyOf } from './cart';
import classes from './till.module.css';

interface Props {
  line: TillLine;
  index: number;
  priced: PricedLine | undefined;
  /** Why the quantity cannot be sold (`CartTotals.badQty`): the words' key. */
  badQty: string | undefined;
  /** A refusal or a discount problem about this line. */
  error?: string;
  money: (minor: number) => string;
  allowNegative: boolean;
  dispatch: (a: CartAction) => void;
  /** Back to the search box (Enter or Escape in the quantity). */
  onDone: () => void;
  /** Keyboard focus moves to the line above (-1) or below (+1). */
  onMove: (index: number, by: -1 | 1) => void;
}

/** Same values key by key (a line's priced amounts are worked out anew for every cart). */
function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a) as (keyof typeof a)[];
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

/**
 * A line renders again only when something it shows changed: a scan re-renders the new line and
 * the totals, not every line already in the cart (a 40-line basket rendered 40 lines per scan).
 * The callbacks must keep their identity (`CartLines` passes its latest ones through one that does).
 */
const sameLine = (a: Props, b: Props): boolean =>
  a.line === b.line &&
  a.index === b.index &&
  a.badQty === b.badQty &&
  a.error === b.error &&
  a.money === b.money &&
  a.allowNegative === b.allowNegative &&
  a.dispatch === b.dispatch &&
  a.onDone === b.onDone &&
  a.onMove === b.onMove &&
  shallowEqual(a.priced, b.priced);

/**
 * One line of the cart. The line itself takes the focus (arrows move between lines): + and −
 * change the quantity, Delete removes it, Enter goes into the quantity.
 */
export const CartLine = memo(CartLineView, sameLine);

function CartLineView({
  line,
  index,
  priced,
  badQty,
  error,
  money,
  allowNegative,
  dispatch,
  onDone,
  onMove,
}: Props) {
  const step = (delta: 1 | -1) => dispatch({ type: 'step', key: line.key, delta });
  const remove = () => {
    onMove(index, 1);
    dispatch({ type: 'remove', key: line.key });
  };
  const short = !allowNegative && beyondStock(line);

  return (
    <div
      className={classes.line}
      tabIndex={0}
      role="group"
      aria-label={line.name}
      data-testid={`till-line-${index}`}
      data-line-index={index}
      onKeyDown={(e) => {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Delete' || e.key === 'Backspace') {
          e.preventDefault();
          remove();
        } else if (e.key === '+' || e.key === '-') {
          e.preventDefault();
          step(e.key === '+' ? 1 : -1);
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          onMove(index, e.key === 'ArrowDown' ? 1 : -1);
        } else if (e.key === 'Enter') {
          e.preventDefault();
          e.currentTarget.querySelector('input')?.select();
        }
      }}
    >
      <LineSummary line={line} index={index} priced={priced} money={money} />
      <QtyControls
        line={line}
        index={index}
        badQty={badQty}
        dispatch={dispatch}
        onDone={onDone}
        step={step}
        remove={remove}
      />
      <LineMessages line={line} index={index} badQty={badQty} error={error} short={short} />
    </div>
  );
}

/** Name and unit price; the line's amount after its discount. */
function LineSummary({ line, index, priced, money }: Pick<Props, 'line' | 'index' | 'priced' | 'money'>) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate="end">
          {line.name}
        </Text>
        <Text size="xs" c="dimmed" className="tabular">
          {t('till.cart.each', { price: money(line.unit_price), unit: t(`stock.units.${line.unit}`) })}
        </Text>
      </div>
      <div style={{ textAlign: 'right', flexShrink: 0 }}>
        <Text fw={700} className="tabular" data-testid={`line-amount-${index}`}>
          {priced ? money(priced.gross - priced.discount) : '—'}
        </Text>
        {line.discount > 0 && (
          <Text size="xs" className={`tabular ${classes.good}`}>
            {t('till.cart.lineDiscount', { amount: money(line.discount) })}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** − quantity + (the quantity typed, + and − step it, Enter/Escape back), the unit, remove. */
function QtyControls({
  line,
  index,
  badQty,
  dispatch,
  onDone,
  step,
  remove,
}: Pick<Props, 'line' | 'index' | 'badQty' | 'dispatch' | 'onDone'> & {
  step: (delta: 1 | -1) => void;
  remove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" mt={6} gap="xs">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('till.cart.less', { name: line.name })}
          onClick={() => step(-1)}
          disabled={(qtyOf(line.qty) ?? 0) <= 1000}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <TextInput
          className={classes.qty}
          aria-label={t('till.cart.qtyOf', { name: line.name })}
          inputMode="decimal"
          autoComplete="off"
          value={line.qty}
          error={!!badQty}
          data-scan-through="slow"
          data-key={line.key}
          data-testid={`till-qty-${index}`}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => dispatch({ type: 'setQty', key: line.key, text: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === '+' || e.key === '-') {
              e.preventDefault();
              step(e.key === '+' ? 1 : -1);
            } else if (e.key === 'Enter' || e.key === 'Escape') {
              e.preventDefault();
              onDone();
            } else if (e.key === 'Delete' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              remove();
            }
          }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('till.cart.more', { name: line.name })}
          onClick={() => step(1)}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
        <Text size="xs" c="dimmed" ml={4}>
          {t(`stock.units.${line.unit}`)}
        </Text>
      </Group>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={t('till.cart.remove', { name: line.name })}
        onClick={remove}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** A quantity that does not read or is a fraction of a whole unit, more than is in stock, or a refusal about the line. */
function LineMessages({
  line,
  index,
  badQty,
  error,
  short,
}: Pick<Props, 'line' | 'index' | 'badQty' | 'error'> & { short: boolean }) {
  const { t } = useTranslation();
  const { quantity } = useFormat();
  return (
    <>
      {badQty && (
        <Text size="xs" c="var(--mantine-color-error)" mt={4} role="alert">
          {/* the unit in the user's language: the words nest stock.units.{{unit}} */}
          {t(badQty, { unit: line.unit })}
        </Text>
      )}
      {short && !error && (
        <Text size="xs" className={classes.warn} mt={4}>
          {t('till.cart.short', { qty: quantity(line.on_hand ?? 0) })}
        </Text>
      )}
      {error && (
        <Text
          size="xs"
          c="var(--mantine-color-error)"
          mt={4}
          role="alert"
          data-testid={`line-error-${index}`}
        >
          {error}
        </Text>
      )}
    </>
  );
}
