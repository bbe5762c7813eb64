import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getDeviceHeader } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { describeApiError, notifyWarning } from '../../lib/notify';
import { ME_QUERY_KEY } from '../auth';
import { type Cart, saleLines } from './cart';
import { checkPayment, paymentOf } from './payment';
import { forgetOnItsWay, isSameSale, keepOnItsWay } from './sale-outcome';
import { fetchDebtor, fetchProduct, fetchSale, postSale } from './till-api';
import { NO_TILL_ERRORS, isPayFieldError, placeSaleError, saleErrorMessage, unsent } from './till-errors';
import type { SaleOutcome } from './use-sale-outcome';
import type { TillState } from './use-till';

/**
 * Completing the sale: check the payment, post it, show the receipt; or place the refusal where it
 * belongs. The cart and the pay panel are frozen while the sale travels (`busy`), and its answer
 * is about the cart it was sent for: if another cart is on the till by then, that one is left as it
 * is. A sale that got no answer may have been recorded: the cart says so (`outcome_unknown`) until
 * the server is asked, and a trace of the sale on its way is kept in the browser (sale-outcome.ts)
 * from before it is sent until an answer comes back.
 */
export function useCompleteSale(s: TillState, outcome: SaleOutcome) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const { kind, cart, pay, digits } = s;
  // an answer that arrives once the till has gone is shown by nobody: the trace of the sale on its
  // way stays, and the till that opens next asks the server
  const live = useLive();
  const conflict = useConflict(s, outcome);

  /** A refusal: shown by the line, field or form it is about; what changed elsewhere is fetched again. */
  const refused = (err: unknown) => {
    const placed = placeSaleError(err, i18n, cart);
    s.setErrors(placed);
    const code = isApiError(err) ? err.code : '';
    if (code === 'price_changed')
      void Promise.all(cart.lines.map((l) => fetchProduct(l.product_id)))
        .then((products) => {
          if (s.till.current().id === cart.id) s.till.dispatch({ type: 'reprice', products });
        })
        .catch((e: unknown) => {
          // The cart still shows the old prices: say so, and why, where the refusal was shown.
          console.error('Re-pricing the cart failed', e);
          s.setErrors({ ...placed, form: t('till.errors.repriceFailed', { reason: describeApiError(e) }) });
        });
    if (code === 'sales_frozen') void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    if (code === 'credit_limit_exceeded' && pay.debtor)
      void fetchDebtor(pay.debtor.id)
        .then((d) => s.setPay((p) => ({ ...p, debtor: d })))
        .catch((e: unknown) => {
          console.error('Fetching the debtor again failed', e);
          notifyWarning(t('till.errors.debtorRefreshFailed', { reason: describeApiError(e) }));
        });
    const aboutCart = Object.keys(placed.lines).length > 0 || !!placed.fields.discount;
    const elsewhere = ['price_changed', 'sales_frozen', 'location_not_allowed'].includes(code);
    // a refusal about paying stays in the panel to be fixed there; one about the cart goes back to it
    if (aboutCart || elsewhere || !(isPayFieldError(placed) || placed.form)) s.setDialog(null);
  };

  const complete = async () => {
    if (s.busyNow.current) return;
    // a code scanned just before is still being looked up: its product joins the cart first, and a
    // cart that changed meanwhile is shown with its new total before it is paid (Enter again)
    const picked = s.picked.current;
    await s.search.current?.settled();
    if (s.busyNow.current || s.picked.current !== picked) return;
    const total = s.totals.priced.total;
    const missing = checkPayment(kind, pay, total, digits);
    if (Object.keys(missing).length > 0) {
      const fields = Object.fromEntries(Object.entries(missing).map(([f, key]) => [f, t(key)]));
      s.setErrors({ ...NO_TILL_ERRORS, fields });
      return;
    }
    s.setBusy(true);
    s.till.sellingNow();
    keepOnItsWay(s.session.user.uid, cart);
    try {
      const sale = await postSale({
        id: cart.id,
        kind,
        location_id: cart.location_id,
        lines: saleLines(cart),
        discount: cart.discount,
        expected_total: total,
        note: '',
        ...paymentOf(kind, pay, total, digits),
      });
      if (live.current) outcome.recorded(sale, cart.id);
    } catch (err) {
      if (!live.current) return;
      if (await conflict(err, cart, total)) return;
      const current = s.till.notSold(cart.id);
      // no answer: the server may have recorded it; the trace stays until the server is asked
      if (unsent(err)) {
        if (current) s.till.dispatch({ type: 'outcomeUnknown', value: true });
      } else if (!(isApiError(err) && err.kind === 'offline' && cart.outcome_unknown))
        forgetOnItsWay(cart.id);
      if (current) refused(err);
      else notifyWarning(saleErrorMessage(err, i18n, cart));
    } finally {
      s.setBusy(false);
    }
  };

  return { busy: s.busy, complete };
}

/** Whether the component is still mounted. */
function useLive() {
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  return live;
}

/**
 * 409: a sale is already stored under the cart's id with another body (an earlier version of this
 * cart, recorded while its answer was lost). The same goods and total: it is this sale. Else the
 * stored one stands as it is, and the cart's lines are kept under a new id to be finished or
 * cleared, with a warning that names the receipt of the earlier version. A sale completed under
 * the id on another till: use-completed-elsewhere.ts. Answers whether the refusal was one of these
 * and dealt with (not when the stored sale could not be fetched).
 */
function useConflict(s: TillState, outcome: SaleOutcome) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return async (err: unknown, cart: Cart, total: number): Promise<boolean> => {
    if (isApiError(err) && err.code === 'sale_completed_elsewhere')
      return outcome.completedElsewhere(cart.id);
    if (!(isApiError(err) && err.code === 'idempotency_conflict')) return false;
    const sale = await fetchSale(cart.id).catch((e: unknown) => {
      console.error('Fetching the sale stored under this id failed', e);
      return null;
    });
    if (!sale) return false;
    // recorded by another till with another payment (it tendered more, say): not this till's
    const device = getDeviceHeader();
    if (sale.device_id && device && sale.device_id !== device) {
      outcome.shownElsewhere(sale, cart.id);
      return true;
    }
    if (isSameSale(sale, cart, total)) {
      notifyWarning(t('till.errors.alreadySaved', { no: sale.receipt_no }));
      outcome.recorded(sale, cart.id);
      return true;
    }
    forgetOnItsWay(cart.id);
    void qc.invalidateQueries({ queryKey: ['products'] });
    void qc.invalidateQueries({ queryKey: ['debtors'] });
    const current = s.till.current().id === cart.id;
    s.till.rekey(cart.id);
    const warning = t('till.errors.earlierVersionRecorded', { no: sale.receipt_no });
    if (current) {
      s.setErrors({ ...NO_TILL_ERRORS, form: warning, warn: true });
      s.setDialog(null);
    } else notifyWarning(warning);
    return true;
  };
}
