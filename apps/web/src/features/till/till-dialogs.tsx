import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { LaterDialog } from '../../lib/later-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import type { TillActions, TillState } from './use-till';

/**
 * The till's dialogs load their code when the cart first has a line, not with the till (issue 21):
 * each of them acts on a cart that has lines (pay, discount, park, new sale, and the receipt after
 * a payment). Their Mantine components (modal, select, segmented control), the debtor picker and
 * the receipt's preview were, with the notifications' drawer, 17 KB of the till's 294 KB of gzip
 * at start. A cashier who scans an item and presses F9 at once waits for the code only if it has
 * not arrived by then: the dialog then opens as soon as it has, with its transition (LaterDialog).
 */
const PayPanel = lazyPanel(() => import('./pay-panel').then((m) => m.PayPanel));
const ReceiptPanel = lazyPanel(() => import('./receipt-panel').then((m) => m.ReceiptPanel));
const NewSaleDialog = lazyPanel(() => import('./park-dialogs').then((m) => m.NewSaleDialog));
const ParkDialog = lazyPanel(() => import('./park-dialogs').then((m) => m.ParkDialog));
const DiscountDialog = lazyPanel(() => import('./discount-dialog').then((m) => m.DiscountDialog));

/** A dialog made as LaterDialog says, under a Suspense boundary of its own while its code loads. */
function Later(p: Parameters<typeof LaterDialog>[0]) {
  return (
    <Suspense fallback={null}>
      <LaterDialog {...p} />
    </Suspense>
  );
}

/**
 * The till's dialogs (pay, discount, park, new sale) and the receipt of the sale just made. Once the
 * cart has a line, each is made when the browser is idle, one per idle period, or at once when it
 * is first opened (issue 21): made with the till, closed, they were a fifth of its first commit.
 * Made once, each stays, so it closes with its animation.
 */
export function TillDialogs({
  s,
  a,
  busy,
  onComplete,
}: {
  s: TillState;
  a: TillActions;
  busy: boolean;
  onComplete: () => void;
}) {
  const { t } = useTranslation();
  const { money } = useFormat(s.business);
  const close = () => s.setDialog(null);
  // null: not before the cart has a line, or the dialog is opened
  const after = (n: number) => (s.cart.lines.length > 0 ? n : null);
  return (
    <>
      <Later opened={s.dialog === 'pay'} after={after(1)}>
        {(opened) => (
          <PayPanel
            opened={opened}
            onClose={close}
            kind={s.kind}
            title={t('till.pay.title', { kind: t(`till.kind.${s.kind}`) })}
            total={s.totals.priced.total}
            pay={s.pay}
            setPay={s.setPay}
            errors={s.errors}
            busy={busy}
            onComplete={onComplete}
            money={money}
            digits={s.digits}
            admin={s.admin}
            defaultLimit={s.business.default_credit_limit}
          />
        )}
      </Later>
      <Later opened={s.receipt !== null} after={after(2)}>
        {(opened) => (
          <ReceiptPanel
            opened={opened}
            sale={opened ? s.receipt : null}
            notice={s.receiptNotice}
            onClose={a.closeReceipt}
            money={money}
          />
        )}
      </Later>
      <Later opened={s.dialog === 'new'} after={after(3)}>
        {(opened) => (
          <NewSaleDialog
            opened={opened}
            lines={s.cart.lines.length}
            onClose={close}
            onPark={() => s.setDialog('park')}
            onClear={() => void a.newSale()}
          />
        )}
      </Later>
      <Later opened={s.dialog === 'park'} after={after(4)}>
        {(opened) => <ParkDialog opened={opened} onClose={close} onPark={(name) => void a.park(name)} />}
      </Later>
      <Later opened={s.dialog === 'discount'} after={after(5)}>
        {(opened) => (
          <DiscountDialog
            opened={opened}
            onClose={close}
            cart={s.cart}
            limitBp={s.limitBp}
            digits={s.digits}
            money={money}
            dispatch={a.act}
          />
        )}
      </Later>
    </>
  );
}
