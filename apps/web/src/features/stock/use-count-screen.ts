import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Product, parseQuantity, stockCountSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { isIdConflict, unsent } from '../../lib/api-error';
import { isRefusal, keyedWriteText, notifySuccess, serverMessage } from '../../lib/notify';
import type { ProductSearchHandle } from './line-entry/product-search';
import { takeEntryAnswer } from './count-cache';

export type CountClose = 'finalise' | 'cancel';

/** Counting one count: the product found and its quantity, adding the entry, and finalising or cancelling. */
export function useCountScreen(id: string, onBack: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const search = useRef<ProductSearchHandle>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [qty, setQty] = useState('1');
  const [entryId, setEntryId] = useState(() => uuidv7());
  const [error, setError] = useState<string | null>(null);

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

  /** Adds the product found with its quantity (`text`, else the field's); true once it is counted. */
  const submitEntry = async (text: string = qty): Promise<boolean> => {
    const q = parseQuantity(text);
    if (!product) return false;
    // 0 is a count: the product is there to be counted and none was found (an empty shelf)
    if (q === null) {
      setError(t('stock.line.badQty'));
      return false;
    }
    try {
      const answer = await add.mutateAsync({ id: entryId, product_id: product.id, quantity: q });
      setEntryId(uuidv7());
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
        setEntryId(uuidv7());
        setError(t('stock.count.earlierEntry'));
        await qc.invalidateQueries({ queryKey: ['stock-counts', id] });
        return false;
      }
      setError(keyedWriteText(err));
      return false;
    }
  };

  const { restore, beforeScan } = useScanIntoQuantity({
    waiting: product !== null,
    busy: add.isPending,
    qty,
    setQty,
    submitEntry,
  });

  return {
    entry: {
      search,
      qtyRef,
      product,
      setProduct,
      qty,
      setQty,
      error,
      adding: add.isPending,
      submitEntry,
      restore,
      beforeScan,
    },
    closing: useCountClose(id, onBack),
  };
}

export type CountScreenState = ReturnType<typeof useCountScreen>;

/** Finalising or cancelling the count: the question asked, and the server's refusal if any. */
function useCountClose(id: string, onBack: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<CountClose | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: (what: CountClose) => api(`/api/stock-counts/${id}/${what}`, { method: 'POST', retry: true }),
  });

  const doClose = async (what: CountClose) => {
    try {
      await close.mutateAsync(what);
      await qc.invalidateQueries({ queryKey: ['stock-counts'] });
      await qc.invalidateQueries({ queryKey: ['products'] });
      notifySuccess(what === 'finalise' ? t('stock.count.finalised') : t('stock.count.cancelled'));
      setConfirmError(null);
      setConfirm(null);
      onBack();
    } catch (err) {
      // No answer: the count may be closed already; the same close again answers it as it was
      // closed (the server books a finalise once), so the words say so and never "not done".
      if (unsent(err))
        return setConfirmError(
          what === 'finalise' ? t('stock.count.finaliseNoAnswer') : t('stock.count.cancelNoAnswer'),
        );
      // closed the other way meanwhile (count_closed names how): the screen shows it as it is now
      if (isRefusal(err)) void qc.invalidateQueries({ queryKey: ['stock-counts', id] });
      setConfirmError(serverMessage(err));
    }
  };

  return {
    confirm,
    setConfirm,
    ask: (what: CountClose) => {
      setConfirmError(null);
      setConfirm(what);
    },
    confirmError,
    busy: close.isPending,
    doClose,
  };
}

/**
 * A scan into the quantity (the next product's, read while this one waits) gives the field back
 * what it held; the product waiting is counted with it before the scan is looked up, as Enter would
 * have. Scanning on and on counts each product scanned; a quantity that does not read stops it.
 */
function useScanIntoQuantity(p: {
  waiting: boolean;
  busy: boolean;
  qty: string;
  setQty: (v: string) => void;
  submitEntry: (text?: string) => Promise<boolean>;
}) {
  const restored = useRef<string | null>(null);
  return {
    restore: (_el: HTMLInputElement, value: string) => {
      restored.current = value;
      p.setQty(value);
    },
    beforeScan: async () => {
      const text = restored.current ?? p.qty;
      restored.current = null;
      if (p.busy) return false;
      return p.waiting ? p.submitEntry(text) : true;
    },
  };
}
