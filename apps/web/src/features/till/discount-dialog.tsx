import { useEffect, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  cartProblems,
  formatQuantity,
  lineAmount,
  maxDiscountOn,
  mulDivRound,
  parseMoney,
} from '@duka/domain';
import { type Cart, type CartAction, qtyOf } from './cart';
import { PROBLEM_KEYS } from './cart-panel';

interface Props {
  opened: boolean;
  onClose: () => void;
  cart: Cart;
  /** The user's limit in basis points; null: no limit (an admin). */
  limitBp: number | null;
  digits: number;
  money: (minor: number) => string;
  dispatch: (a: CartAction) => void;
}

const SALE = 'sale';

/** Minor units as text for an input ("1250" with 2 digits → "12.50"). */
function asText(minor: number, digits: number): string {
  if (minor === 0) return '';
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/**
 * Money off one line or the whole sale, as an amount or a percentage, checked with the domain's
 * own rules against the business's limit before it is applied.
 */
export function DiscountDialog({ opened, onClose, cart, limitBp, digits, money, dispatch }: Props) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string>(SALE);
  const [mode, setMode] = useState<'amount' | 'percent'>('amount');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const lines = cart.lines.map((l) => ({
    quantity: qtyOf(l.qty) ?? 0,
    unit_price: l.unit_price,
    tax_rate: l.tax_rate,
    discount: l.discount,
  }));
  const index = cart.lines.findIndex((l) => l.key === target);
  const gross = lines.reduce((s, l) => s + lineAmount(l.quantity, l.unit_price), 0);
  const lineDiscounts = lines.reduce((s, l) => s + l.discount, 0);
  const base =
    index >= 0 ? lineAmount(lines[index]!.quantity, lines[index]!.unit_price) : gross - lineDiscounts;
  const current = index >= 0 ? cart.lines[index]!.discount : cart.discount;
  const allowed =
    index >= 0
      ? maxDiscountOn(base, limitBp)
      : Math.max(0, Math.min(base, maxDiscountOn(gross, limitBp) - lineDiscounts));

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setMode('amount');
    setText(asText(current, digits));
    // the target and what it holds now, each time the dialog opens or the target changes
  }, [opened, target]);

  const amountOf = (): number | null => {
    if (!text.trim()) return 0;
    if (mode === 'amount') return parseMoney(text, digits);
    const bp = parseMoney(text, 2); // 12.5 % = 1250 basis points
    return bp === null || bp > 10_000 ? null : mulDivRound(base, bp, 10_000);
  };
  const amount = amountOf();

  const apply = (value: number) => {
    const next = lines.map((l, i) => (i === index ? { ...l, discount: value } : l));
    const problem = cartProblems(next, index >= 0 ? cart.discount : value, limitBp)[0];
    if (problem && problem.code !== 'empty') {
      setError(t(PROBLEM_KEYS[problem.code]));
      return;
    }
    dispatch(
      index >= 0
        ? { type: 'lineDiscount', key: target, amount: value }
        : { type: 'saleDiscount', amount: value },
    );
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('till.discount.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (amount === null) setError(t('till.discount.badAmount'));
          else apply(amount);
        }}
      >
        <Stack>
          <Select
            label={t('till.discount.target')}
            data={[
              { value: SALE, label: t('till.discount.wholeSale') },
              ...cart.lines.map((l) => ({
                value: l.key,
                label: `${l.name} × ${formatQuantity(qtyOf(l.qty) ?? 0)}`,
              })),
            ]}
            value={target}
            onChange={(v) => setTarget(v ?? SALE)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v)}
            data={[
              { value: 'amount', label: t('till.discount.amount') },
              { value: 'percent', label: t('till.discount.percent') },
            ]}
            aria-label={t('till.discount.how')}
          />
          <TextInput
            label={mode === 'amount' ? t('till.discount.amount') : t('till.discount.percent')}
            inputMode="decimal"
            data-autofocus
            value={text}
            error={error}
            rightSection={mode === 'percent' ? <Text size="sm">%</Text> : null}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('till.discount.base', { amount: money(base) })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="discount-allowed">
              {limitBp === null
                ? t('till.discount.noLimit')
                : t('till.discount.upTo', { amount: money(allowed), percent: formatQuantity(limitBp * 10) })}
            </Text>
            {amount !== null && amount > 0 && (
              <Text size="sm" fw={600}>
                {t('till.discount.preview', { amount: money(amount) })}
              </Text>
            )}
          </Stack>
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={current === 0} onClick={() => apply(0)}>
              {t('till.discount.remove')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('till.discount.apply')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
