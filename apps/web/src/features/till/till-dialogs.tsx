import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { DiscountDialog } from './discount-dialog';
import { NewSaleDialog, ParkDialog } from './park-dialogs';
import { PayPanel } from './pay-panel';
import { ReceiptPanel } from './receipt-panel';
import type { TillActions, TillState } from './use-till';

/** The till's dialogs (pay, discount, park, new sale) and the receipt of the sale just made. */
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
      <PayPanel
        opened={s.dialog === 'pay'}
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
      <DiscountDialog
        opened={s.dialog === 'discount'}
        onClose={close}
        cart={s.cart}
        limitBp={s.limitBp}
        digits={s.digits}
        money={money}
        dispatch={a.act}
      />
      <ParkDialog opened={s.dialog === 'park'} onClose={close} onPark={a.park} />
      <NewSaleDialog
        opened={s.dialog === 'new'}
        lines={s.cart.lines.length}
        onClose={close}
        onPark={() => s.setDialog('park')}
        onClear={a.newSale}
      />
      <ReceiptPanel sale={s.receipt} onClose={a.closeReceipt} money={money} />
    </>
  );
}
