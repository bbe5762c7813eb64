import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { MAX_STOCK_QUANTITY, type Product, quantityFitsUnit, stockCountSchema } from '@duka/domain';
import { typedQuantity } from '../../lib/typed-number';
import { api } from '../../lib/api-client';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText } from '../../lib/notify';
import { type ScanField, keysRest } from '../../lib/use-scanner';
import type { ProductSearchHandle } from './line-entry/product-search';
import { takeEntryAnswer } from './count-cache';

/**
 * Counting: the product found and waiting with its quantity, and adding it as an entry.
 *
 * A product found while another waits (the next scan, or one picked in the box) counts the one
 * waiting first, with its quantity, as Enter would have: scanning on and on counts each product
 * scanned. A scan that lands in the quantity gives the field back what it held (`restore`) before
 * that. Adds and finds take their turn one after the other, so a scan while an entry is on its way
 * waits for it, and two lookups that answer out of order both count: nothing found is dropped
 * unless the product waiting cannot be counted, whose error the screen shows.
 */
export function useCountEntry(id: string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const search = useRef<ProductSearchHandle>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const [product, showProduct] = useState<Product | null>(null);
  const [qty, showQty] = useState('1');
  const [error, setError] = useState<string | null>(null);
  // what the turns read, set with the state (a turn may run before React renders what it set)
  const now = useRef({ product: null as Product | null, qty: '1', entryId: uuidv7() });
  const setProduct = (p: Product | null) => {
    now.current.product = p;
    showProduct(p);
  };
  const setQty = (text: string) => {
    now.current.qty = text;
    showQty(text);
  };
  const inTurn = useTurns();
  // a fraction of a product counted in whole pieces (2.25 "each"), said as it is typed
  const fraction = notWholeWords(t, product, qty);

  useEffect(() => {
    if (product) {
      qtyRef.current?.focus();
      qtyRef.current?.select();
    }
  }, [product]);

  const add = useMutation({
    mutationFn: (body: { id: string; product_id: string; quantity: number }) =>
      api(`/api/stock-counts/${id}/entries`, { method: 'POST', body, retry: true, schema: stockCountSchema }),
  });

  /** Adds the product waiting with its quantity; true once it is counted. */
  const submit = async (): Promise<boolean> => {
    const { product: p, qty: text, entryId } = now.current;
    if (!p) return false;
    const q = typedQuantity(text);
    // 0 is a count: the product is there to be counted and none was found (an empty shelf)
    if (q === null || Math.abs(q) > MAX_STOCK_QUANTITY) {
      setError(t('stock.count.badQty'));
      return false;
    }
    // not sent: the field says it already (`error`), and says no more once it is whole
    if (notWholeWords(t, p, text)) return false;
    try {
      const answer = await add.mutateAsync({ id: entryId, product_id: p.id, quantity: q });
      now.current.entryId = uuidv7();
      setError(null);
      setProduct(null);
      setQty('1');
      // this product's new total only: the count shown takes it, not read again whole per scan
      takeEntryAnswer(qc, id, answer);
      search.current?.focus();
      return true;
    } catch (err) {
      if (isIdConflict(err)) {
        // 409: an earlier version of this entry (another product or quantity) was counted under its
        // id while its answer was lost: it stands, in the totals; this one is not added
        now.current.entryId = uuidv7();
        setError(t('stock.count.earlierEntry'));
        await qc.invalidateQueries({ queryKey: ['stock-counts', id] });
        return false;
      }
      setError(keyedWriteText(err));
      return false;
    }
  };

  return {
    search,
    qtyRef,
    product,
    /** Sets (or, with null, drops) the product waiting, as it is: nothing is counted. */
    setProduct,
    qty,
    setQty,
    /** What is wrong with the entry: the last refusal, or a fraction of a whole unit as it is typed. */
    error: error ?? fraction,
    /** Add waits while the quantity is a fraction of a whole unit. */
    canAdd: fraction === null,
    adding: add.isPending,
    /** Enter or Add: the product waiting counted, in its turn. */
    submitEntry: () => inTurn(submit),
    /** A product found: the one waiting counted first, then this one waits. */
    pick: (p: Product) =>
      inTurn(async () => {
        // the next scan's keys all in first: its quantity given back before this one is counted
        await keysRest();
        if (now.current.product && !(await submit())) return;
        setProduct(p);
      }),
    /** A scan landed in the quantity: it gets back what it held. */
    restore: (_el: ScanField, value: string) => setQty(value),
  };
}

/** What the quantity's field says of a fraction of a product counted in whole pieces; null: none. */
function notWholeWords(t: TFunction, p: Product | null, text: string): string | null {
  const q = typedQuantity(text);
  return p && q !== null && !quantityFitsUnit(q, p.unit)
    ? t('stock.line.notWhole', { unit: t(`stock.units.${p.unit}`, { defaultValue: p.unit }) })
    : null;
}

/** Runs tasks one after the other, each once the one before has ended (however it ended). */
function useTurns() {
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(task);
    queue.current = run.catch(() => undefined);
    return run;
  };
}
