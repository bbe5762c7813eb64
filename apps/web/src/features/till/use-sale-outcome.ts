import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@duka/domain';
import { isApiError } from '../../lib/api-error';
import { describeApiError, notifySuccess } from '../../lib/notify';
import { cartReducer } from './cart';
import { EMPTY_PAY } from './payment';
import { forgetOnItsWay, readOnItsWay } from './sale-outcome';
import type { ReceiptNotice } from './receipt-panel';
import { fetchSale } from './till-api';
import { useCompletedElsewhere } from './use-completed-elsewhere';
import { NO_TILL_ERRORS, unsent } from './till-errors';
import type { TillState } from './use-till';

const notFound = (err: unknown) => isApiError(err) && err.kind === 'http' && err.status === 404;

/**
 * What became of a sale whose answer was lost: the server is asked (GET /api/sales/:id) before a
 * cart whose outcome is unknown is cleared or parked, and when the till opens after a reload that
 * left a sale on its way. A sale the server has is shown as completed, with its receipt.
 */
export function useSaleOutcome(s: TillState) {
  const { t } = useTranslation();
  const qc = useQueryClient();

  /**
   * Sale `id` is recorded. The till moves on to a new cart only if that cart is the current one
   * (a parked one just leaves the list, with a word); its receipt shows then, or `always`.
   */
  const recorded = (sale: Sale, id: string, opts: { notice?: ReceiptNotice; always?: boolean } = {}) => {
    forgetOnItsWay(id);
    const current = s.till.sold(id);
    if (current) {
      s.setPay(EMPTY_PAY);
      s.setErrors(NO_TILL_ERRORS);
      s.setDialog(null);
    }
    if (current || opts.always) {
      s.setReceipt(sale);
      s.setReceiptNotice(opts.notice ?? null);
    } else notifySuccess(t('till.receipt.recordedAside', { no: sale.receipt_no }));
    void qc.invalidateQueries({ queryKey: ['products'] });
    void qc.invalidateQueries({ queryKey: ['debtors'] });
  };

  const recordedBefore = (sale: Sale): ReceiptNotice => ({
    text: t('till.receipt.recordedBefore', { no: sale.receipt_no }),
  });

  const { completedElsewhere, shownElsewhere } = useCompletedElsewhere(s, recorded);

  /**
   * Before the cart is cleared or parked: answers whether that may go on. A cart whose sale's
   * outcome is unknown is looked up first: recorded, its receipt shows as a completed sale (and
   * the action does not happen: the cart is sold); not there, on it goes; no answer, the action
   * is refused with a word, and the cart stays.
   */
  const settled = async (): Promise<boolean> => {
    const cart = s.till.current();
    if (!cart.outcome_unknown) return true;
    s.setBusy(true);
    try {
      const sale = await fetchSale(cart.id);
      recorded(sale, cart.id, { notice: recordedBefore(sale) });
      return false;
    } catch (err) {
      if (notFound(err)) {
        forgetOnItsWay(cart.id);
        s.till.dispatch({ type: 'outcomeUnknown', value: false });
        return true;
      }
      console.error('Asking what became of the sale failed', err);
      s.setErrors({
        ...NO_TILL_ERRORS,
        form: unsent(err)
          ? t('till.errors.checkNoAnswer')
          : t('till.errors.checkFailed', { reason: describeApiError(err) }),
      });
      return false;
    } finally {
      s.setBusy(false);
    }
  };

  // Once the till is up: a sale left on its way by the page before this one (a reload, a crash).
  const { ready } = s.till;
  const userId = s.session.user.uid;
  const asked = useRef(false);
  useEffect(() => {
    if (!ready || asked.current) return;
    asked.current = true;
    const left = readOnItsWay(userId);
    if (!left) return;
    s.setBusy(true);
    void fetchSale(left.id)
      .then(
        (sale) => recorded(sale, left.id, { notice: recordedBefore(sale), always: true }),
        (err: unknown) => {
          if (notFound(err)) {
            // not recorded: the cart as it was sent comes back, to be finished or cleared
            forgetOnItsWay(left.id);
            s.till.bringBack(cartReducer(left.cart, { type: 'outcomeUnknown', value: false }));
            return;
          }
          // still no word: the cart comes back as one whose outcome is unknown, and the trace stays
          console.error('Asking what became of the sale left on its way failed', err);
          const unknown = cartReducer(left.cart, { type: 'outcomeUnknown', value: true });
          if (s.till.bringBack(unknown))
            s.setErrors({ ...NO_TILL_ERRORS, form: t('till.errors.noAnswer'), retry: true });
        },
      )
      .finally(() => s.setBusy(false));
  }, [ready]);

  return { recorded, settled, completedElsewhere, shownElsewhere };
}

export type SaleOutcome = ReturnType<typeof useSaleOutcome>;
