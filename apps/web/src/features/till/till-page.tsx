import './styles';
import { Suspense, useLayoutEffect, useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SaleKind } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { removeStartScreen, tillFrameShown } from '../../lib/start-frame';
import { OpenDrawerButton } from '../printing';
import { NotOnHostedCopy, useSyncedFromShop } from '../sync';
import { totalsOf } from './cart';
import { CartPanel } from './cart-panel';
import { ClosedDayNotice } from './closed-day-notice';
import { ParkedButton } from './parked-button';
import { SearchPanel } from './search-panel';
import { TillDialogs } from './till-dialogs';
import { KeyHints, TillHeader, allowedKinds } from './till-header';
import { useCompleteSale } from './use-complete-sale';
import { useSaleOutcome } from './use-sale-outcome';
import { useTill, useTillActions } from './use-till';
import { useTillStart, useTillStartArrived } from './use-till-cart';
import { useTillKeys } from './use-till-keys';
import classes from './till.module.css';

/** The till (/cash-sale, /debtor-sale, /transfer-sale): one screen, three kinds of sale. */
export function TillPage({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation();
  const s = useTill(kind);
  const outcome = useSaleOutcome(s);
  const a = useTillActions(s, outcome.settled);
  const { busy, complete } = useCompleteSale(s, outcome);
  useTillKeys(s, a);
  // the till's frame (lib/start-frame.ts) gives way, in the frame that shows the till (after the
  // keys typed into it are taken)
  useLayoutEffect(() => removeStartScreen(document), []);
  const { business, cart, till } = s;
  const { money, dateTime } = useFormat(business);
  // The page heading is its menu entry, as on every other screen: "Make a sale › Cash".
  const heading = `${t('menu.makeSale')} › ${t(`menu.${kind}Sale`)}`;
  useDocumentTitle(`${heading} · Duka`);

  return (
    <>
      <TillHeader
        title={heading}
        kinds={allowedKinds(s.session)}
        current={kind}
        locations={s.allowed}
        locationId={cart.location_id}
        onLocation={(id) => a.act({ type: 'location', id })}
        blocked={s.blocked}
      >
        <ParkedButton
          parked={till.parked}
          money={money}
          totalOf={(p) => totalsOf(p.cart, s.limitBp).priced.total}
          time={dateTime}
          onResume={(id) => void a.resume(id)}
          onDrop={till.drop}
        />
        <OpenDrawerButton />
      </TillHeader>
      <ClosedDayNotice locationId={cart.location_id} business={business} />
      <div className={classes.till}>
        <div className={classes.search}>
          <SearchPanel
            ref={s.search}
            locationId={cart.location_id}
            business={business}
            onPick={a.onPick}
            onStep={a.stepLast}
            saleNow={() => s.till.current().id}
          />
          <KeyHints />
        </div>
        <CartPanel
          cart={cart}
          totals={s.totals}
          title={`${t(`till.kind.${kind}`)} · ${s.location?.name ?? ''}`}
          errors={s.errors}
          blocked={s.blocked ? t('till.frozenTitle') : null}
          money={money}
          allowNegative={business.allow_negative_stock}
          dispatch={a.act}
          onPay={a.openPay}
          onPark={() => s.setDialog('park')}
          onDiscount={() => s.setDialog('discount')}
          onNewSale={() => s.setDialog('new')}
          onDone={a.focusSearch}
          canDiscount={s.canDiscount}
          frozen={busy}
        />
      </div>
      <TillDialogs s={s} a={a} busy={busy} onComplete={() => void complete()} />
    </>
  );
}

/** The till once what its first render shows has arrived (it suspends till then). */
function TillWhenReady({ kind }: { kind: SaleKind }) {
  useTillStart();
  return <TillPage kind={kind} />;
}

/**
 * At start, under the till's frame: nothing until the till's data has arrived, then the till, made
 * in a transition. A Suspense boundary's reveal would wait until 300 ms after its fallback showed
 * (React's throttle), and the till showed that much later than it could.
 */
function TillAfterStart({ kind }: { kind: SaleKind }) {
  return useTillStartArrived() ? <TillWhenReady kind={kind} /> : null;
}

/** The till, or on a hosted copy kept by the shop's PC the sentence that says to sell there. */
function TillScreen({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation();
  const copy = useSyncedFromShop();
  // on a copy the till's frame gives way to the sentence (on the shop's PC, to the till: TillPage)
  useLayoutEffect(() => {
    if (copy) removeStartScreen(document);
  }, [copy]);
  // At start, under the till's frame, the shell shows without waiting for the till's data. On a
  // navigation there is no boundary of the till's own: the wait is the router's, and a navigation
  // is a transition, so the screen being left stays until the till can show (no empty screen).
  const [atStart] = useState(() => tillFrameShown(document));
  // (the boundary at start only in case the data went again before the till mounted)
  return (
    <NotOnHostedCopy title={`${t('menu.makeSale')} › ${t(`menu.${kind}Sale`)}`}>
      {atStart ? (
        <Suspense fallback={null}>
          <TillAfterStart kind={kind} />
        </Suspense>
      ) : (
        <TillWhenReady kind={kind} />
      )}
    </NotOnHostedCopy>
  );
}

export const CashSalePage = () => <TillScreen kind="cash" />;
export const DebtorSalePage = () => <TillScreen kind="debtor" />;
export const TransferSalePage = () => <TillScreen kind="transfer" />;
