import './styles';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button, Flex, Group, Kbd, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Debtor, type SaleKind, changeDue } from '@duka/domain';
import { moneyText } from '../stock';
import { AddProviderInline } from './add-provider';
import { DebtorPicker, overLimit } from './debtor-picker';
import { SaleAlert } from './sale-alert';
import { type PayState, quickAmounts, tenderedOf } from './payment';
import { preloadTillSchemas, useProviders } from './till-api';
import type { TillErrors } from './till-errors';
import classes from './till.module.css';
import { useFormat } from '../../lib/format';
import { useWideScreen } from '../../lib/use-wide-screen';
import { useDialogScanGuard } from '../../lib/use-dialog-scan-guard';

interface Props {
  opened: boolean;
  onClose: () => void;
  kind: SaleKind;
  title: string;
  total: number;
  pay: PayState;
  setPay: (fn: (p: PayState) => PayState) => void;
  errors: TillErrors;
  busy: boolean;
  onComplete: () => void;
  money: (minor: number) => string;
  digits: number;
  admin: boolean;
  defaultLimit: number;
}

/**
 * Pay: cash (tendered, quick amounts, change), debtor (pick or add) or transfer. Enter completes.
 * While the sale is on its way (`busy`) the panel stays, frozen: it does not close (Esc, Cancel,
 * a click outside) and its fields do not change, so what the answer is about is what was sent.
 */
export function PayPanel(props: Props) {
  const { t } = useTranslation();
  // a scan into the amount tendered or a reference is given back, never paid with
  useDialogScanGuard(props.opened);
  const narrow = !useWideScreen();
  // frozen while busy: a field keeps what was sent (the focus stays, so Enter can send it again)
  const p = props.busy ? { ...props, setPay: () => undefined } : props;
  const { pay, setPay, money, digits, total } = p;
  const providers = useProviders(p.opened && p.kind === 'transfer');
  const debtorError = useDebtorError(p.errors, pay.debtor);
  // a debtor chosen: Enter completes the sale (the picker has no field left to press it in)
  const completeRef = useRef<HTMLButtonElement>(null);

  // the sale's answer is checked by zod's schema: on its way while the cart is still being filled
  useEffect(preloadTillSchemas, []);

  // one provider: nothing to choose
  useEffect(() => {
    const list = providers.data ?? [];
    if (p.opened && list.length === 1 && !pay.provider_id)
      setPay((s) => ({ ...s, provider_id: list[0]!.id }));
  }, [providers.data, p.opened]);

  return (
    <Modal
      opened={p.opened}
      onClose={() => {
        if (!p.busy) p.onClose();
      }}
      closeOnEscape={!p.busy}
      closeOnClickOutside={!p.busy}
      title={p.title}
      size="lg"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="pay-panel"
    >
      <form
        noValidate
        aria-busy={p.busy}
        onSubmit={(e) => {
          e.preventDefault();
          if (!p.busy) p.onComplete();
        }}
      >
        <Stack>
          <Group justify="space-between" align="baseline">
            <Text c="dimmed" fw={600} tt="uppercase" size="sm">
              {t('till.pay.toPay')}
            </Text>
            <Text className={`${classes.total} tabular`} data-testid="pay-total">
              {money(total)}
            </Text>
          </Group>

          {p.kind === 'cash' && <CashFields {...p} />}

          {p.kind === 'debtor' && (
            <DebtorPicker
              value={pay.debtor}
              onChange={(d) => {
                setPay((s) => ({ ...s, debtor: d }));
                if (d) completeRef.current?.focus();
              }}
              total={total}
              error={debtorError}
              admin={p.admin}
              defaultLimit={p.defaultLimit}
              digits={digits}
              money={money}
            />
          )}

          {p.kind === 'transfer' && <TransferFields {...p} providers={providers} />}

          {p.errors.form && <SaleAlert errors={p.errors} />}
          <PayButtons {...p} narrow={narrow} completeRef={completeRef} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * What the last refusal said about the debtor, while the debtor it was about is still the one
 * chosen: once another debtor (or none) is chosen it no longer holds, and is not shown. (Whether
 * the new debtor's limit allows the sale is worked out afresh by the picker.)
 */
function useDebtorError(errors: TillErrors, debtor: Debtor | null): string | undefined {
  const [about, setAbout] = useState({ errors, debtorId: debtor?.id });
  const fresh = about.errors !== errors;
  // a new refusal is about the debtor chosen when it came (state adjusted while rendering)
  if (fresh) setAbout({ errors, debtorId: debtor?.id });
  return fresh || about.debtorId === debtor?.id ? errors.fields.debtor_id : undefined;
}

/** Cash: what was handed over (typed or a quick amount) and the change, or how much is short. */
function CashFields(p: Props) {
  const { t } = useTranslation();
  const { typedAmount } = useFormat();
  const { pay, setPay, money, digits, total } = p;
  const f = p.errors.fields;
  const tendered = tenderedOf(pay.tendered, total, digits);
  const change = tendered !== null ? changeDue(tendered, total) : null;
  return (
    <>
      <TextInput
        label={t('till.pay.tendered')}
        size="lg"
        inputMode="decimal"
        autoComplete="off"
        data-autofocus
        placeholder={typedAmount(total, digits)}
        value={pay.tendered}
        error={f.tendered}
        description={t('till.pay.tenderedHint')}
        // what it held (typed before a Cancel) selected: the amount typed now replaces it, never
        // runs on after it ("500" then "1000" read 5,001,000)
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setPay((s) => ({ ...s, tendered: v }));
        }}
      />
      <SimpleGrid cols={2} spacing="xs">
        {quickAmounts(total, digits).map((a, i) => (
          <Button
            key={a}
            variant={tendered === a ? 'light' : 'default'}
            size="lg"
            px="xs"
            className="tabular"
            onClick={() => setPay((s) => ({ ...s, tendered: moneyText(a, digits) }))}
          >
            {i === 0 ? t('till.pay.exact') : money(a)}
          </Button>
        ))}
      </SimpleGrid>
      <Stack gap={0} align="flex-end">
        <Text c="dimmed" fw={600} tt="uppercase" size="sm">
          {t('till.pay.change')}
        </Text>
        <Text
          className={`${classes.huge} tabular ${change !== null && change >= 0 ? classes.good : ''}`}
          c={change !== null && change < 0 ? 'var(--mantine-color-error)' : undefined}
          data-testid="pay-change"
        >
          {change === null
            ? '—'
            : change < 0
              ? t('till.pay.short', { amount: money(-change) })
              : money(change)}
        </Text>
      </Stack>
    </>
  );
}

/** Transfer: the provider (chosen for you when there is one) and the reference, in capitals. */
function TransferFields(p: Props & { providers: ReturnType<typeof useProviders> }) {
  const { t } = useTranslation();
  const { pay, setPay, providers } = p;
  const f = p.errors.fields;
  return (
    <>
      <Select
        label={t('till.pay.provider')}
        required
        data={(providers.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
        value={pay.provider_id}
        error={f.provider_id}
        onChange={(v) => setPay((s) => ({ ...s, provider_id: v }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        nothingFoundMessage={t('till.pay.noProviders')}
        data-autofocus={pay.provider_id ? undefined : true}
      />
      {providers.isSuccess && providers.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {p.admin ? t('till.pay.noProvidersAdd') : t('till.pay.noProviders')}
        </Text>
      )}
      {p.admin && <AddProviderInline onAdded={(x) => setPay((s) => ({ ...s, provider_id: x.id }))} />}
      <TextInput
        label={t('till.pay.reference')}
        required
        autoComplete="off"
        description={t('till.pay.referenceHint')}
        data-autofocus={pay.provider_id ? true : undefined}
        value={pay.reference}
        error={f.reference}
        styles={{ input: { textTransform: 'uppercase', letterSpacing: '0.04em' } }}
        onChange={(e) => {
          const v = e.currentTarget.value.toUpperCase();
          setPay((s) => ({ ...s, reference: v }));
        }}
      />
    </>
  );
}

function PayButtons(
  p: Props & { narrow: boolean | undefined; completeRef: RefObject<HTMLButtonElement | null> },
) {
  const { t } = useTranslation();
  const { narrow } = p;
  // On a phone the two buttons stack, Complete first and full width: the words need the
  // room ("Verkauf abschließen").
  return (
    <Flex
      direction={narrow ? 'column-reverse' : 'row'}
      justify="space-between"
      gap={narrow ? 'xs' : 'md'}
      mt="xs"
    >
      <Button
        variant="default"
        size="md"
        onClick={p.onClose}
        disabled={p.busy}
        fullWidth={narrow}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            Esc
          </Kbd>
        }
      >
        {t('common.cancel')}
      </Button>
      <Button
        ref={p.completeRef}
        type="submit"
        size="md"
        loading={p.busy}
        leftSection={<IconCheck size={18} aria-hidden />}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            ↵
          </Kbd>
        }
        fullWidth={narrow}
        // over the debtor's limit the sale cannot go (the picker says why): not a button that does nothing
        disabled={p.kind === 'debtor' && !!p.pay.debtor && overLimit(p.pay.debtor, p.total)}
        data-testid="pay-complete"
        // the dialog opened again on a debtor already chosen: the focus is where Enter completes
        data-autofocus={p.kind === 'debtor' && p.pay.debtor ? true : undefined}
      >
        {p.errors.retry ? t('till.pay.retry') : t('till.pay.complete')}
      </Button>
    </Flex>
  );
}
