import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_STOCK_QUANTITY,
  type Product,
  QTY_SCALE,
  currencyMinorDigits,
  quantityFitsUnit,
} from '@duka/domain';
import { useSession } from '../../../lib/session-context';
import { type ScanField, keysRest } from '../../../lib/use-scanner';
import { type DraftLine, addProduct, costOf, qtyOf, totalsOf } from './lines';
import type { ProductSearchHandle } from './product-search';

/** A line with a fraction of a product counted in whole pieces (1.5 "each"): not saved. */
function notWhole(l: DraftLine): boolean {
  const q = qtyOf(l.qty);
  return q !== null && !quantityFitsUnit(q, l.unit);
}

let seq = 0;
const newKey = () => `l${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * The line entry's behaviour: a pick adds a line (or a quantity) and focuses its quantity; lines
 * are changed or removed; Enter goes back to the search, Ctrl+Enter saves, Ctrl+Delete removes.
 */
export function useLineEntry(
  lines: DraftLine[],
  setLines: (fn: (l: DraftLine[]) => DraftLine[]) => void,
  onSave: () => void,
) {
  const { t } = useTranslation();
  const digits = currencyMinorDigits(useSession().business.currency);
  const search = useRef<ProductSearchHandle>(null);
  const qtyRefs = useRef(new Map<string, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // the lines as they are now, for a pick that lands after an await (a lookup) and for a scan's
  // restored field, set just before that pick in the same key press
  const latest = useRef(lines);
  latest.current = lines;
  const change = (next: DraftLine[]) => {
    latest.current = next;
    setLines(() => next);
  };

  useEffect(() => {
    if (!focusKey) return;
    // the table (wide) and the cards (narrow) both hold an input: focus the one shown
    const el = [qtyRefs.current.get(`${focusKey}:t`), qtyRefs.current.get(`${focusKey}:c`)].find(
      (x) => x && x.offsetParent !== null,
    );
    if (el) {
      el.focus();
      el.select();
    }
    setFocusKey(null);
  }, [focusKey, lines]);

  const remove = (key: string) => {
    setLines((ls) => ls.filter((l) => l.key !== key));
    search.current?.focus();
  };

  const totals = totalsOf(lines, digits);
  return {
    digits,
    search,
    qtyRefs,
    // Save waits while a line has a fraction of a whole unit, as it does for a quantity that does not read
    totals: lines.some(notWhole) ? { ...totals, invalid: true } : totals,
    /** A product found: its line added (or one more on its line) once the keys rest (keysRest). */
    onPick: (p: Product) =>
      void keysRest().then(() => {
        const r = addProduct(latest.current, p, digits, newKey);
        change(r.lines);
        setFocusKey(r.key);
      }),
    update: (key: string, patch: Partial<DraftLine>) =>
      setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l))),
    remove,
    /** A scan landed in a line's quantity or cost: it gets back what it held before the scan. */
    restore: (el: ScanField, value: string) => {
      const { key, field } = el.dataset;
      if (key && (field === 'qty' || field === 'cost')) {
        change(latest.current.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
      }
    },
    qtyError: (l: DraftLine) =>
      qtyOf(l.qty) === null
        ? t('stock.line.badQty', { max: MAX_STOCK_QUANTITY / QTY_SCALE })
        : notWhole(l)
          ? t('stock.line.notWhole', { unit: t(`stock.units.${l.unit}`, { defaultValue: l.unit }) })
          : undefined,
    costError: (l: DraftLine) => (costOf(l.cost, digits) === null ? t('stock.line.badCost') : undefined),
    fieldKeys: (l: DraftLine) => ({
      onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          onSave();
        } else if (e.key === 'Enter') {
          e.preventDefault();
          search.current?.focus();
        } else if (e.key === 'Delete' && e.ctrlKey) {
          e.preventDefault();
          remove(l.key);
        }
      },
    }),
  };
}

export type LineEntryState = ReturnType<typeof useLineEntry>;
