import './styles';
import { Alert, Button, Group, Kbd, Paper, Stack, Text } from '@mantine/core';
import {
  IconAlertCircle,
  IconDiscount2,
  IconPlayerPause,
  IconShoppingCart,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useLatestCallback from 'use-latest-callback';
import type { CartProblem } from '@duka/domain';
import type { Cart, CartAction, CartTotals } from './cart';
import { CartLine } from './cart-line';
import { SaleAlert } from './sale-alert';
import type { TillErrors } from './till-errors';
import classes from './till.module.css';

interface Props {
  cart: Cart;
  totals: CartTotals;
  /** "Cash sale · Main shop". */
  title: string;
  errors: TillErrors;
  /** Why Pay is not possible now (a stock count freeze), if so. */
  blocked: string | null;
  money: (minor: number) => string;
  allowNegative: boolean;
  dispatch: (a: CartAction) => void;
  onPay: () => void;
  onPark: () => void;
  onDiscount: () => void;
  onNewSale: () => void;
  onDone: () => void;
  canDiscount: boolean;
  /** A sale of this cart is on its way (or being looked up): nothing in it may change meanwhile. */
  frozen?: boolean;
}

/** Words for the domain's cart problems. */
export const PROBLEM_KEYS: Record<CartProblem['code'], string> = {
  empty: 'till.cart.empty',
  amount_too_large: 'till.errors.amountTooLarge',
  line_discount_exceeds_amount: 'till.errors.discountTooBig',
  line_discount_over_limit: 'till.errors.discountOverLimit',
  sale_discount_exceeds_amount: 'till.errors.discountTooBig',
  discount_over_limit: 'till.errors.discountOverLimit',
};

/** The cart: lines, totals big and right-aligned, Park, Discount and Pay. */
export function CartPanel(p: Props) {
  const { t } = useTranslation();
  const count = p.cart.lines.length;
  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.cart}
      component="section"
      aria-label={p.title}
      aria-busy={p.frozen || undefined}
    >
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lineClamp={2} data-testid="till-cart-title">
            {p.title}
          </Text>
          <Text size="sm" c="dimmed">
            {t('till.cart.lines', { count })}
          </Text>
        </div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconX size={14} aria-hidden />}
          rightSection={
            <Kbd size="xs" visibleFrom="sm">
              F4
            </Kbd>
          }
          onClick={p.onNewSale}
          disabled={count === 0 || p.frozen}
          style={{ flexShrink: 0 }}
        >
          {t('till.newSale')}
        </Button>
      </Group>
      <CartLines {...p} />
      <div className={classes.totals}>
        <CartTotalsView {...p} />
        <CartActions {...p} />
      </div>
    </Paper>
  );
}

/** The lines (or "the cart is empty"); arrows move between lines, and off the ends to the search. */
function CartLines(p: Props) {
  const { t } = useTranslation();
  const { cart, totals } = p;
  const lineProblem = (i: number) => {
    const pr = totals.problems.find((x) => x.field.startsWith(`lines.${i}.`));
    return pr ? t(PROBLEM_KEYS[pr.code]) : undefined;
  };
  // the same functions from one render to the next, calling the latest: a line that did not
  // change is not rendered again (CartLine)
  const dispatch = useLatestCallback(p.dispatch);
  const onDone = useLatestCallback(p.onDone);
  const moveFocus = useLatestCallback((index: number, by: -1 | 1) => {
    const rows = document.querySelectorAll<HTMLElement>('[data-line-index]');
    const next = rows[index + by] ?? (by === 1 ? rows[index - 1] : undefined);
    if (next) next.focus();
    else p.onDone();
  });
  return (
    <div className={classes.lines} data-testid="till-lines">
      {cart.lines.length === 0 ? (
        <Stack align="center" gap={6} py={48} px="md">
          <IconShoppingCart size={36} stroke={1.4} aria-hidden style={{ opacity: 0.5 }} />
          <Text c="dimmed" ta="center" size="sm" maw={280}>
            {t('till.cart.empty')}
          </Text>
        </Stack>
      ) : (
        cart.lines.map((l, i) => (
          <CartLine
            key={l.key}
            line={l}
            index={i}
            priced={totals.priced.lines[i]}
            badQty={totals.badQty.get(l.key)}
            error={p.errors.lines[l.key] ?? lineProblem(i)}
            money={p.money}
            allowNegative={p.allowNegative}
            dispatch={dispatch}
            onDone={onDone}
            onMove={moveFocus}
          />
        ))
      )}
    </div>
  );
}

/** Subtotal and discount (when there is one), tax included, the total; and what is wrong with them. */
function CartTotalsView(p: Props) {
  const { t } = useTranslation();
  const { money, totals } = p;
  const { priced } = totals;
  const saleProblem = totals.problems.find(
    (x) => x.field === 'discount' || (x.field === 'lines' && x.code !== 'empty'),
  );
  return (
    <>
      <Stack gap={2}>
        {priced.discount > 0 && (
          <>
            <Row label={t('till.cart.subtotal')} value={money(priced.gross)} />
            <Row
              label={t('till.cart.discount')}
              value={`−${money(priced.discount)}`}
              testId="till-discount"
              className={classes.good}
            />
          </>
        )}
        <Row label={t('till.cart.taxIncluded')} value={money(priced.tax)} testId="till-tax" />
        <Group justify="space-between" align="baseline" mt={4} wrap="nowrap">
          <Text fw={700} tt="uppercase" size="sm">
            {t('till.cart.total')}
          </Text>
          <Text className={`${classes.total} tabular`} data-testid="till-total" aria-live="polite">
            {money(priced.total)}
          </Text>
        </Group>
      </Stack>
      {(saleProblem || p.errors.fields.discount) && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" mt={4}>
          {p.errors.fields.discount ?? (saleProblem ? t(PROBLEM_KEYS[saleProblem.code]) : '')}
        </Text>
      )}
    </>
  );
}

/** Why paying is blocked or was refused, then Park, Discount and Pay. */
function CartActions(p: Props) {
  const { t } = useTranslation();
  const count = p.cart.lines.length;
  return (
    <>
      {p.blocked && (
        <Alert color="orange" mt="sm" p="xs" icon={<IconAlertCircle size={18} aria-hidden />}>
          {p.blocked}
        </Alert>
      )}
      {p.errors.form && <SaleAlert errors={p.errors} compact />}
      <Group mt="sm" gap="xs">
        <Button
          variant="default"
          size="md"
          px="sm"
          leftSection={<IconPlayerPause size={18} aria-hidden />}
          onClick={p.onPark}
          disabled={count === 0 || p.frozen}
          aria-keyshortcuts="F8"
        >
          {t('till.park.action')}
        </Button>
        <Button
          variant="default"
          size="md"
          px="sm"
          leftSection={<IconDiscount2 size={18} aria-hidden />}
          onClick={p.onDiscount}
          disabled={count === 0 || !p.canDiscount || p.frozen}
          aria-keyshortcuts="F7"
        >
          {t('till.discount.action')}
        </Button>
        <Button
          size="md"
          style={{ flex: '1 1 150px' }}
          onClick={p.onPay}
          disabled={!p.totals.payable || !!p.blocked || p.frozen}
          rightSection={
            <Kbd size="xs" visibleFrom="sm">
              F9
            </Kbd>
          }
          aria-keyshortcuts="F9"
          data-testid="till-pay"
        >
          {t('till.pay.action')}
        </Button>
      </Group>
    </>
  );
}

function Row(props: { label: string; value: string; testId?: string; className?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm" className={`tabular ${props.className ?? ''}`} data-testid={props.testId}>
        {props.value}
      </Text>
    </Group>
  );
}
