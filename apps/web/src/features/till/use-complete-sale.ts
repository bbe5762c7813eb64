import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@duka/domain';
import { isApiError } from '../../lib/api-error';
import { describeApiError, notifyWarning } from '../../lib/notify';
import { ME_QUERY_KEY } from '../auth';
import { saleLines } from './cart';
import { EMPTY_PAY, checkPayment, paymentOf } from './payment';
import { fetchDebtor, fetchProduct, fetchSale, postSale } from './till-api';
import { NO_TILL_ERRORS, isPayFieldError, placeSaleError } from './till-errors';
import type { TillState } from './use-till';

/** Completing the sale: check the payment, post it, show the receipt; or place the refusal where it belongs. */
export function useCompleteSale(s: TillState) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { kind, cart, pay, digits } = s;

  const done = (sale: Sale) => {
    s.till.sold();
    s.setPay(EMPTY_PAY);
    s.setErrors(NO_TILL_ERRORS);
    s.setDialog(null);
    s.setReceipt(sale);
    void qc.invalidateQueries({ queryKey: ['products'] });
    void qc.invalidateQueries({ queryKey: ['debtors'] });
  };

  /** A refusal: shown by the line, field or form it is about; what changed elsewhere is fetched again. */
  const refused = (err: unknown) => {
    const placed = placeSaleError(err, i18n, cart);
    s.setErrors(placed);
    const code = isApiError(err) ? err.code : '';
    if (code === 'price_changed')
      void Promise.all(cart.lines.map((l) => fetchProduct(l.product_id)))
        .then((products) => s.till.dispatch({ type: 'reprice', products }))
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
    const total = s.totals.priced.total;
    const missing = checkPayment(kind, pay, total, digits);
    if (Object.keys(missing).length > 0) {
      const fields = Object.fromEntries(Object.entries(missing).map(([f, key]) => [f, t(key)]));
      s.setErrors({ ...NO_TILL_ERRORS, fields });
      return;
    }
    setBusy(true);
    s.till.sellingNow();
    try {
      done(
        await postSale({
          id: cart.id,
          kind,
          location_id: cart.location_id,
          lines: saleLines(cart),
          discount: cart.discount,
          expected_total: total,
          note: '',
          ...paymentOf(kind, pay, total, digits),
        }),
      );
    } catch (err) {
      // the first try went through but its answer was lost, and the cart changed since: that sale stands
      if (isApiError(err) && err.code === 'idempotency_conflict') {
        const sale = await fetchSale(cart.id).catch(() => null);
        if (sale) {
          notifyWarning(t('till.errors.alreadySaved', { no: sale.receipt_no }));
          done(sale);
          return;
        }
      }
      s.till.notSold();
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return { busy, complete };
}
