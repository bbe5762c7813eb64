import './styles';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { type Cart, type CartAction, qtyOf } from './cart';
import { type DiscountState, SALE, useDiscount } from './use-discount';
import { useDialogScanGuard } from '../../lib/use-dialog-scan-guard';

interface Props {
  opened: boolean;
  onClose: () => void;
  cart: Cart;
  /** The user's limit in basis points; null: no limit (an admin). */
  limitBp: number | null;
  digits: number;
  money: (minor: number) => string;
  dispatch: (a: CartAction) => void;
}

/**
 * Money off one line or the whole sale, as an amount or a percentage, checked with the domain's
 * own rules against the business's limit before it is applied.
 */
export function DiscountDialog(props: Props) {
  const { t } = useTranslation();
  useDialogScanGuard(props.opened);
  const { opened, onClose, cart, limitBp, money } = props;
  const { quantity } = useFormat();
  const d = useDiscount(props);
  const { mode, amount, current } = d;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('till.discount.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (amount === null) d.setError(t('till.discount.badAmount'));
          else d.apply(amount);
        }}
      >
        <Stack>
          <Select
            label={t('till.discount.target')}
            data={[
              { value: SALE, label: t('till.discount.wholeSale') },
              ...cart.lines.map((l) => ({
                value: l.key,
                label: `${l.name} × ${quantity(qtyOf(l.qty) ?? 0)}`,
              })),
            ]}
            value={d.target}
            onChange={(v) => d.setTarget(v ?? SALE)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <SegmentedControl
            value={mode}
            onChange={(v) => d.setMode(v)}
            data={[
              { value: 'amount', label: t('till.discount.amount') },
              { value: 'percent', label: t('till.discount.percent') },
            ]}
            aria-label={t('till.discount.how')}
          />
          <TextInput
            label={mode === 'amount' ? t('till.discount.amount') : t('till.discount.percent')}
            inputMode="decimal"
            data-autofocus
            value={d.text}
            error={d.error}
            rightSection={mode === 'percent' ? <Text size="sm">%</Text> : null}
            onChange={(e) => {
              d.setText(e.currentTarget.value);
              d.setError(null);
            }}
          />
          <DiscountSummary discount={d} limitBp={limitBp} money={money} />
          <Group justify="space-between">
            <Button variant="subtle" color="red" disabled={current === 0} onClick={() => d.apply(0)}>
              {t('till.discount.remove')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit">{t('till.discount.apply')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The base it is taken from, what the limit allows, and what this discount takes off. */
function DiscountSummary({
  discount: d,
  limitBp,
  money,
}: {
  discount: DiscountState;
  limitBp: number | null;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {t('till.discount.base', { amount: money(d.base) })}
      </Text>
      <Text size="sm" c="dimmed" data-testid="discount-allowed">
        {limitBp === null
          ? t('till.discount.noLimit')
          : t('till.discount.upTo', { amount: money(d.allowed), percent: percent(limitBp) })}
      </Text>
      {d.amount !== null && d.amount > 0 && (
        <Text size="sm" fw={600}>
          {t('till.discount.preview', { amount: money(d.amount) })}
        </Text>
      )}
    </Stack>
  );
}
