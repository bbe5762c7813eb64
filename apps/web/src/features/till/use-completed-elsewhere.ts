import { useTranslation } from 'react-i18next';
import type { Sale } from '@duka/domain';
import type { ReceiptNotice } from './receipt-panel';
import { readOnItsWay } from './sale-outcome';
import { fetchSale } from './till-api';
import type { TillState } from './use-till';

type Recorded = (sale: Sale, id: string, opts?: { notice?: ReceiptNotice; always?: boolean }) => void;

/**
 * The sale of a cart this till holds was completed on another till (a parked sale resumed on two,
 * a cart taken over from another till while this one still showed it). The server says so: a save
 * of the cart refused as sold (`draft_recorded`), or the sale itself as `sale_completed_elsewhere`.
 * The cart goes, and the other till's receipt shows with a word that nothing was recorded here.
 * Answers the functions that do that: `completedElsewhere` fetches the sale first (false when it
 * could not be fetched: the cart stays), `shownElsewhere` shows one already fetched.
 */
export function useCompletedElsewhere(s: TillState, recorded: Recorded) {
  const { t } = useTranslation();
  /** Shows `sale`, stored under cart `id`, as completed on another till. */
  const shownElsewhere = (sale: Sale, id: string) =>
    recorded(sale, id, {
      notice: { text: t('till.receipt.completedElsewhere', { no: sale.receipt_no }), elsewhere: true },
      always: true,
    });
  const completedElsewhere = async (id: string): Promise<boolean> => {
    const sale = await fetchSale(id).catch((err: unknown) => {
      console.error('Fetching the sale completed on another till failed', err);
      return null;
    });
    if (!sale) return false;
    shownElsewhere(sale, id);
    return true;
  };
  // A save of the cart on the till, or of a parked one, finds its sale recorded. Not a cart this
  // till sent itself (its answer lost): asking the server says what became of that one, as before.
  s.till.recordedElsewhere.current = (id: string) => {
    const cart = s.till.current();
    const held = cart.id === id ? cart : s.till.parked.find((p) => p.cart.id === id)?.cart;
    const sentHere =
      held?.outcome_unknown || readOnItsWay(s.session.user.uid)?.id === id || s.till.sentHere(id);
    if (held && !sentHere && !s.busyNow.current) void completedElsewhere(id);
  };
  return { completedElsewhere, shownElsewhere };
}
