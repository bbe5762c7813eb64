import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { LaterDialog } from '../../lib/later-dialog';
import { DiscountDialog } from './discount-dialog';
import { NewSaleDialog, ParkDialog } from './park-dialogs';
import { PayPanel } from './pay-panel';
import { ReceiptPanel } from './receipt-panel';
import type { TillActions, TillState } from './use-till';

/**
 * The till's dialogs (pay, discount, park, new sale) and the receipt of the sale just made. Each is
 * made once the till has painted and the browser is idle, one per idle period, or at once when it
 * is first opened (issue 21): made with the till, closed, they were a fifth of its first commit.
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
  return (
    <>
      <LaterDialog opened={s.dialog === 'pay'} after={1}>
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
      </LaterDialog>
      <LaterDialog opened={s.receipt !== null} after={2}>
        {(opened) => <ReceiptPanel sale={opened ? s.receipt : null} onClose={a.closeReceipt} money={money} />}
      </LaterDialog>
      <LaterDialog opened={s.dialog === 'new'} after={3}>
        {(opened) => (
          <NewSaleDialog
            opened={opened}
            lines={s.cart.lines.length}
            onClose={close}
            onPark={() => s.setDialog('park')}
            onClear={a.newSale}
          />
        )}
      </LaterDialog>
      <LaterDialog opened={s.dialog === 'park'} after={4}>
        {(opened) => <ParkDialog opened={opened} onClose={close} onPark={a.park} />}
      </LaterDialog>
      <LaterDialog opened={s.dialog === 'discount'} after={5}>
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
      </LaterDialog>
    </>
  );
}
