import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Product, type Sale, type SaleKind, currencyMinorDigits, isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { type CartAction, totalsOf } from './cart';
import { EMPTY_PAY, type PayState } from './payment';
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
  const [pay, setPay] = useState<PayState>(EMPTY_PAY);
  const [errors, setErrors] = useState<TillErrors>(NO_TILL_ERRORS);
  const [receipt, setReceipt] = useState<Sale | null>(null);
  const [dialog, setDialog] = useState<TillDialog>(null);
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
    pay,
    setPay,
    errors,
    setErrors,
    receipt,
    setReceipt,
    dialog,
    setDialog,
  };
}

export type TillState = ReturnType<typeof useTill>;

/** What the cashier does on the till, each leaving the page ready for the next scan. */
export function useTillActions(s: TillState) {
  const { t } = useTranslation();
  const { dateTime } = useFormat(s.business);
  const { till, cart } = s;
  const clearPayment = () => {
    s.setPay(EMPTY_PAY);
    s.setErrors(NO_TILL_ERRORS);
  };
  /** A change made by the cashier: what the last refusal said about the cart no longer holds. */
  const act = (a: CartAction) => {
    till.dispatch(a);
    s.setErrors((e) =>
      e === NO_TILL_ERRORS ? e : { lines: {}, form: null, fields: { ...e.fields, discount: undefined } },
    );
  };
  const focusSearch = () => s.search.current?.focus();
  /** Focus for the next scan once a closing dialog has left (the page behind it is inert till then). */
  const focusSearchSoon = () => {
    let tries = 0;
    const tick = () => {
      if (document.getElementById('root')?.inert && tries++ < 50) setTimeout(tick, 20);
      else focusSearch();
    };
    setTimeout(tick, 0);
  };
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
      focusSearchSoon();
    },
    onPick: (p: Product) => {
      if (s.receipt) s.setReceipt(null);
      s.lastKey.current = p.id;
      act({ type: 'add', product: p, locationId: cart.location_id });
    },
    newSale: () => {
      s.setDialog(null);
      till.newSale();
      clearPayment();
      focusSearchSoon();
    },
    park: (name: string) => {
      till.park(name || autoName());
      s.setDialog(null);
      clearPayment();
      notifySuccess(t('till.park.parked'));
      focusSearchSoon();
    },
    resume: (id: string) => {
      if (till.resume(id, autoName())) {
        clearPayment();
        focusSearchSoon();
      }
    },
    openPay: () => {
      if (!s.totals.payable || s.blocked) return;
      s.setErrors(NO_TILL_ERRORS);
      s.setDialog('pay');
    },
  };
}

export type TillActions = ReturnType<typeof useTillActions>;
