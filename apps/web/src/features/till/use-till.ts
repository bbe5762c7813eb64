import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Product, type Sale, type SaleKind, currencyMinorDigits, isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { type CartAction, totalsOf } from './cart';
import { EMPTY_PAY, type PayState } from './payment';
import type { ReceiptNotice } from './receipt-panel';
import type { SearchHandle } from './use-till-search';
import { NO_TILL_ERRORS, type TillErrors } from './till-errors';
import { useTillCart } from './use-till-cart';

export type TillDialog = 'pay' | 'discount' | 'park' | 'new' | null;

/** The till's state for one kind of sale: the business's rules, the cart, payment, refusals, dialogs. */
export function useTill(kind: SaleKind) {
  const { t } = useTranslation();
  const session = useSession();
  const { business } = session;
  const admin = isAdminRole(session.user.role);
  const limitBp = admin ? null : business.max_discount_bp;
  const { allowed, home } = useAllowedLocations();
  const till = useTillCart(
    home,
    allowed.map((l) => l.id),
  );
  const { cart } = till;
  const totals = useMemo(() => totalsOf(cart, limitBp), [cart, limitBp]);
  const search = useRef<SearchHandle>(null);
  /** The line of the product added last (a scan or a tile): + and − change its quantity. */
  const lastKey = useRef<string | null>(null);
  /** Products added to the cart so far: a payment waiting for a scan's answer sees whether one came. */
  const picked = useRef(0);
  const [pay, setPay] = useState<PayState>(EMPTY_PAY);
  const [errors, setErrors] = useState<TillErrors>(NO_TILL_ERRORS);
  const [receipt, setReceipt] = useState<Sale | null>(null);
  /** Said above the receipt: how the till learnt of a sale whose answer was lost, or made on another till. */
  const [receiptNotice, setReceiptNotice] = useState<ReceiptNotice | null>(null);
  const [dialog, setDialog] = useState<TillDialog>(null);
  /**
   * A sale is on its way, or the till asks the server what became of one: the cart and the pay
   * panel are frozen until the answer (read from the ref by what the cashier does meanwhile).
   */
  const [busy, setBusyState] = useState(false);
  const busyNow = useRef(false);
  const setBusy = useCallback((b: boolean) => {
    busyNow.current = b;
    setBusyState(b);
  }, []);
  const location = allowed.find((l) => l.id === cart.location_id);
  const frozen = session.stock_taking.frozen_location_ids.includes(cart.location_id);
  return {
    kind,
    session,
    business,
    admin,
    limitBp,
    digits: currencyMinorDigits(business.currency),
    canDiscount: limitBp === null || limitBp > 0,
    allowed,
    location,
    blocked: frozen ? t('till.frozen', { location: location?.name ?? '' }) : null,
    till,
    cart,
    totals,
    search,
    lastKey,
    picked,
    pay,
    setPay,
    errors,
    setErrors,
    receipt,
    setReceipt,
    receiptNotice,
    setReceiptNotice,
    dialog,
    setDialog,
    busy,
    busyNow,
    setBusy,
  };
}

export type TillState = ReturnType<typeof useTill>;

/** Focus for the next scan once a closing dialog has left (the page behind it is inert till then). */
function whenNotInert(focus: () => void) {
  let tries = 0;
  const tick = () => {
    if (document.getElementById('root')?.inert && tries++ < 50) setTimeout(tick, 20);
    else focus();
  };
  setTimeout(tick, 0);
}

/**
 * What the cashier does on the till, each leaving the page ready for the next scan. Nothing
 * changes the cart while it is frozen (`busy`); clearing or parking a cart whose sale's outcome is
 * unknown first asks the server (`settled`).
 */
export function useTillActions(s: TillState, settled: () => Promise<boolean>) {
  const { t } = useTranslation();
  const { dateTime } = useFormat(s.business);
  const { till, cart } = s;
  const clearPayment = () => {
    s.setPay(EMPTY_PAY);
    s.setErrors(NO_TILL_ERRORS);
  };
  /** A change made by the cashier: what the last refusal said about the cart no longer holds. */
  const act = (a: CartAction) => {
    if (s.busyNow.current) return;
    till.dispatch(a);
    s.setErrors((e) =>
      e === NO_TILL_ERRORS ? e : { lines: {}, form: null, fields: { ...e.fields, discount: undefined } },
    );
  };
  const focusSearch = () => s.search.current?.focus();
  const focusSearchSoon = () => whenNotInert(focusSearch);
  /** + or − right after a scan: the quantity of the line just added (else the last line). */
  const stepLast = (delta: 1 | -1): boolean => {
    const last = s.lastKey.current;
    const key = last && cart.lines.some((l) => l.key === last) ? last : cart.lines.at(-1)?.key;
    if (!key) return false;
    act({ type: 'step', key, delta });
    return true;
  };
  const autoName = () => t('till.park.autoName', { time: dateTime(new Date().toISOString()) });
  return {
    act,
    focusSearch,
    focusSearchSoon,
    stepLast,
    closeReceipt: () => {
      s.setReceipt(null);
      s.setReceiptNotice(null);
      focusSearchSoon();
    },
    /** A product picked, or found for a code scanned for `scannedFor` (a sale since completed is not this one). */
    onPick: (p: Product, scannedFor?: string) => {
      const stale = scannedFor !== undefined && scannedFor !== till.current().id;
      const late = stale ? 'lateForSale' : s.busyNow.current ? 'lateWhileSending' : null;
      if (late) return notifyWarning(t(`till.search.${late}`, { name: p.name }));
      s.picked.current++;
      if (s.receipt) s.setReceipt(null);
      s.lastKey.current = p.id;
      act({ type: 'add', product: p, locationId: cart.location_id });
    },
    newSale: async () => {
      if (s.busyNow.current) return;
      s.setDialog(null);
      if (!(await settled())) return;
      till.newSale();
      clearPayment();
      focusSearchSoon();
    },
    park: async (name: string) => {
      if (s.busyNow.current) return;
      s.setDialog(null);
      if (!(await settled())) return;
      till.park(name || autoName());
      clearPayment();
      notifySuccess(t('till.park.parked'));
      focusSearchSoon();
    },
    resume: async (id: string) => {
      if (s.busyNow.current) return;
      // the cart on the till is parked in its place: what became of its sale must be known first
      if (till.current().lines.length > 0 && !(await settled())) return;
      if (till.resume(id, autoName())) {
        clearPayment();
        focusSearchSoon();
      }
    },
    openPay: () => {
      if (s.busyNow.current || !s.totals.payable || s.blocked) return;
      s.setErrors(NO_TILL_ERRORS);
      s.setDialog('pay');
    },
  };
}

export type TillActions = ReturnType<typeof useTillActions>;
