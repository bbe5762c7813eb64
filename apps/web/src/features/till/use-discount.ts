import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASIS_POINTS, cartProblems, lineAmount, maxDiscountOn, mulDivRound } from '@duka/domain';
import { typedDecimal, typedMoney, typedPercent } from '../../lib/typed-number';
import { type Cart, type CartAction, qtyOf } from './cart';
import { PROBLEM_KEYS } from './cart-panel';

export const SALE = 'sale';

/**
 * Minor units as text for an input, in the page's decimal sign ("1250" with 2 digits → "12.50",
 * "12,50" in German): written with '.', a discount of 0,750 BHD reopened in German read 750 BHD.
 */
function asText(minor: number, digits: number): string {
  if (minor === 0) return '';
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}${typedDecimal()}${s.slice(-digits)}`;
}

/**
 * A discount being given: on the sale or a line, as an amount or a percentage; its base, what the
 * user's limit allows, and applying it once the domain's rules accept it.
 */
export function useDiscount(p: {
  opened: boolean;
  onClose: () => void;
  cart: Cart;
  limitBp: number | null;
  digits: number;
  dispatch: (a: CartAction) => void;
}) {
  const { opened, onClose, cart, limitBp, digits, dispatch } = p;
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

  // each opening starts on the whole sale: a line chosen last time, kept, took a sale's discount
  // typed now as that line's (its own replaced, the sale's left at 0)
  useEffect(() => {
    if (opened) setTarget(SALE);
  }, [opened]);

  useEffect(() => {
    if (!opened) return;
    setError(null);
    setMode('amount');
    setText(asText(current, digits));
    // the target and what it holds now, each time the dialog opens or the target changes
  }, [opened, target]);

  const amountOf = (): number | null => {
    if (!text.trim()) return 0;
    if (mode === 'amount') return typedMoney(text, digits);
    const bp = typedPercent(text); // 12.5 % = 1250 basis points
    return bp === null ? null : mulDivRound(base, bp, BASIS_POINTS);
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

  return {
    target,
    setTarget,
    mode,
    setMode,
    text,
    setText,
    error,
    setError,
    base,
    current,
    allowed,
    amount,
    apply,
  };
}

export type DiscountState = ReturnType<typeof useDiscount>;
