import { useEffect, useMemo, useRef, useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Product, type Sale, type SaleKind, currencyMinorDigits, isAdminRole } from '@duka/domain';
import { isApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { notifySuccess, notifyWarning } from '../../lib/notify';
import { ME_QUERY_KEY } from '../auth/auth-api';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock/use-allowed-locations';
import { type CartAction, saleLines, totalsOf } from './cart';
import { CartPanel } from './cart-panel';
import { DiscountDialog } from './discount-dialog';
import { KeyHints, TillHeader, allowedKinds } from './till-header';
import { NewSaleDialog, ParkDialog, ParkedButton } from './park-dialogs';
import { PayPanel } from './pay-panel';
import { EMPTY_PAY, type PayState, checkPayment, paymentOf } from './payment';
import { ReceiptPanel } from './receipt-panel';
import { type SearchHandle, SearchPanel } from './search-panel';
import { fetchDebtor, fetchProduct, fetchSale, postSale } from './till-api';
import { NO_TILL_ERRORS, type TillErrors, isPayFieldError, placeSaleError } from './till-errors';
import { useScanner } from './use-scanner';
import { useTillCart } from './use-till-cart';
import classes from './till.module.css';

/** The till (/cash-sale, /debtor-sale, /transfer-sale): one screen, three kinds of sale. */
export function TillPage({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const { business } = session;
  const admin = isAdminRole(session.user.role);
  const limitBp = admin ? null : business.max_discount_bp;
  const digits = currencyMinorDigits(business.currency);
  const { money, dateTime } = useFormat(business);
  const { allowed, home } = useAllowedLocations();
  const till = useTillCart(
    home,
    allowed.map((l) => l.id),
  );
  const { cart } = till;
  const totals = useMemo(() => totalsOf(cart, limitBp), [cart, limitBp]);
  const search = useRef<SearchHandle>(null);
  const [pay, setPay] = useState<PayState>(EMPTY_PAY);
  const [errors, setErrors] = useState<TillErrors>(NO_TILL_ERRORS);
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<Sale | null>(null);
  const [dialog, setDialog] = useState<'pay' | 'discount' | 'park' | 'new' | null>(null);

  const kindTitle = t(`till.kind.${kind}`);
  // The page heading is its menu entry, as on every other screen: "Make a sale › cash".
  const heading = `${t('menu.makeSale')} › ${t(`menu.${kind}Sale`)}`;
  const location = allowed.find((l) => l.id === cart.location_id);
  const frozen = session.stock_taking.frozen_location_ids.includes(cart.location_id);
  const blocked = frozen ? t('till.frozen', { location: location?.name ?? '' }) : null;
  const canDiscount = limitBp === null || limitBp > 0;
  useDocumentTitle(`${heading} · Duka`);

  /** A change made by the cashier: what the last refusal said about the cart no longer holds. */
  const act = (a: CartAction) => {
    till.dispatch(a);
    setErrors((e) =>
      e === NO_TILL_ERRORS ? e : { lines: {}, form: null, fields: { ...e.fields, discount: undefined } },
    );
  };
  const focusSearch = () => search.current?.focus();
  /** Focus for the next scan once a closing dialog has left (the page behind it is inert till then). */
  const focusSearchSoon = () => {
    let tries = 0;
    const tick = () => {
      if (document.getElementById('root')?.inert && tries++ < 50) setTimeout(tick, 20);
      else focusSearch();
    };
    setTimeout(tick, 0);
  };
  const closeReceipt = () => {
    setReceipt(null);
    focusSearchSoon();
  };
  const onPick = (p: Product) => {
    if (receipt) setReceipt(null);
    act({ type: 'add', product: p, locationId: cart.location_id });
  };
  const newSale = () => {
    setDialog(null);
    till.newSale();
    setPay(EMPTY_PAY);
    setErrors(NO_TILL_ERRORS);
    focusSearchSoon();
  };
  const autoName = () => t('till.park.autoName', { time: dateTime(new Date().toISOString()) });
  const park = (name: string) => {
    till.park(name || autoName());
    setDialog(null);
    setPay(EMPTY_PAY);
    setErrors(NO_TILL_ERRORS);
    notifySuccess(t('till.park.parked'));
    focusSearchSoon();
  };
  const openPay = () => {
    if (!totals.payable || blocked) return;
    setErrors(NO_TILL_ERRORS);
    setDialog('pay');
  };

  const done = (sale: Sale) => {
    till.newSale();
    setPay(EMPTY_PAY);
    setErrors(NO_TILL_ERRORS);
    setDialog(null);
    setReceipt(sale);
    void qc.invalidateQueries({ queryKey: ['products'] });
    void qc.invalidateQueries({ queryKey: ['debtors'] });
  };

  const complete = async () => {
    const total = totals.priced.total;
    const missing = checkPayment(kind, pay, total, digits);
    if (Object.keys(missing).length > 0) {
      const fields = Object.fromEntries(Object.entries(missing).map(([f, key]) => [f, t(key)]));
      setErrors({ ...NO_TILL_ERRORS, fields });
      return;
    }
    setBusy(true);
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
      const placed = placeSaleError(err, t, cart);
      setErrors(placed);
      const code = isApiError(err) ? err.code : '';
      if (code === 'price_changed')
        void Promise.all(cart.lines.map((l) => fetchProduct(l.product_id)))
          .then((products) => till.dispatch({ type: 'reprice', products }))
          .catch(() => undefined);
      if (code === 'sales_frozen') void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      if (code === 'credit_limit_exceeded' && pay.debtor)
        void fetchDebtor(pay.debtor.id)
          .then((d) => setPay((s) => ({ ...s, debtor: d })))
          .catch(() => undefined);
      const aboutCart = Object.keys(placed.lines).length > 0 || !!placed.fields.discount;
      const elsewhere = ['price_changed', 'sales_frozen', 'location_not_allowed'].includes(code);
      // a refusal about paying stays in the panel to be fixed there; one about the cart goes back to it
      if (aboutCart || elsewhere || !(isPayFieldError(placed) || placed.form)) setDialog(null);
    } finally {
      setBusy(false);
    }
  };

  useScanner(dialog === null, {
    onScan: (code) => {
      if (receipt) setReceipt(null);
      void search.current?.scan(code);
    },
    onType: (text) => {
      if (receipt) setReceipt(null);
      search.current?.type(text);
    },
    onRestore: (el, value) => {
      const key = el.dataset.key;
      if (key) till.dispatch({ type: 'setQty', key, text: value });
    },
  });

  // function keys work everywhere on the till, text fields included
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    const k = e.key;
    if (!['F2', 'F4', 'F7', 'F8', 'F9'].includes(k)) return;
    e.preventDefault();
    if (k === 'F4') {
      if (receipt) return closeReceipt();
      if (dialog === null && cart.lines.length > 0) return setDialog('new');
      if (dialog === null) return focusSearch();
      return;
    }
    if (dialog !== null || receipt) return;
    if (k === 'F2') focusSearch();
    else if (k === 'F9') openPay();
    else if (k === 'F8' && cart.lines.length > 0) setDialog('park');
    else if (k === 'F7' && cart.lines.length > 0 && canDiscount) setDialog('discount');
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);

  return (
    <>
      <TillHeader
        title={heading}
        kinds={allowedKinds(session)}
        current={kind}
        locations={allowed}
        locationId={cart.location_id}
        onLocation={(id) => act({ type: 'location', id })}
        blocked={blocked}
      >
        <ParkedButton
          parked={till.parked}
          money={money}
          totalOf={(s) => totalsOf(s.cart, limitBp).priced.total}
          time={dateTime}
          onResume={(id) => {
            if (till.resume(id, autoName())) {
              setPay(EMPTY_PAY);
              setErrors(NO_TILL_ERRORS);
              focusSearchSoon();
            }
          }}
          onDrop={till.drop}
        />
      </TillHeader>
      <div className={classes.till}>
        <div className={classes.search}>
          <SearchPanel ref={search} locationId={cart.location_id} business={business} onPick={onPick} />
          <KeyHints />
        </div>
        <CartPanel
          cart={cart}
          totals={totals}
          title={`${kindTitle} · ${location?.name ?? ''}`}
          errors={errors}
          blocked={blocked ? t('till.frozenTitle') : null}
          money={money}
          allowNegative={business.allow_negative_stock}
          dispatch={act}
          onPay={openPay}
          onPark={() => setDialog('park')}
          onDiscount={() => setDialog('discount')}
          onNewSale={() => setDialog('new')}
          onDone={focusSearch}
          canDiscount={canDiscount}
        />
      </div>
      <PayPanel
        opened={dialog === 'pay'}
        onClose={() => setDialog(null)}
        kind={kind}
        title={t('till.pay.title', { kind: kindTitle })}
        total={totals.priced.total}
        pay={pay}
        setPay={setPay}
        errors={errors}
        busy={busy}
        onComplete={() => void complete()}
        money={money}
        digits={digits}
        admin={admin}
        defaultLimit={business.default_credit_limit}
      />
      <DiscountDialog
        opened={dialog === 'discount'}
        onClose={() => setDialog(null)}
        cart={cart}
        limitBp={limitBp}
        digits={digits}
        money={money}
        dispatch={act}
      />
      <ParkDialog opened={dialog === 'park'} onClose={() => setDialog(null)} onPark={park} />
      <NewSaleDialog
        opened={dialog === 'new'}
        lines={cart.lines.length}
        onClose={() => setDialog(null)}
        onPark={() => setDialog('park')}
        onClear={newSale}
      />
      <ReceiptPanel sale={receipt} onClose={closeReceipt} money={money} />
    </>
  );
}

export const CashSalePage = () => <TillPage kind="cash" />;
export const DebtorSalePage = () => <TillPage kind="debtor" />;
export const TransferSalePage = () => <TillPage kind="transfer" />;
