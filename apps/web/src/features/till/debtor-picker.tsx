import './styles';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Debtor, overCreditLimit } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { balanceWords } from '../../lib/balance-words';
import { type DebtorPickerState, useDebtorPicker } from './use-debtor-picker';
import classes from './till.module.css';

interface Props {
  value: Debtor | null;
  onChange: (d: Debtor | null) => void;
  /** What this sale adds to the debtor's balance. */
  total: number;
  error?: string;
  admin: boolean;
  defaultLimit: number;
  digits: number;
  money: (minor: number) => string;
}

/** Whether this sale fits in the debtor's credit limit. */
export const overLimit = (d: Debtor, total: number) => overCreditLimit(d, total);

/** Search a debtor (arrows and Enter) or add one; shows the limit and the balance after the sale. */
export function DebtorPicker(props: Props) {
  const state = useDebtorPicker(props.onChange, props.admin, props.digits);
  if (props.value) return <ChosenDebtor {...props} value={props.value} />;
  if (state.adding) return <NewDebtorForm {...props} state={state} />;
  return <DebtorSearch {...props} state={state} />;
}

/** The debtor of this sale: limit, balance, the balance after it, and "over the limit". */
function ChosenDebtor({ value, onChange, total, error, money }: Props & { value: Debtor }) {
  const { t } = useTranslation();
  const after = value.balance + total;
  const over = overLimit(value, total);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="till-debtor">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end">
            {value.name}
          </Text>
          {(value.phone || value.id_number) && (
            <Text size="xs" c="dimmed">
              {[value.phone, value.id_number].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
          {t('till.debtor.change')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} mt="sm" spacing={4}>
        <Figure label={t('till.debtor.limit')} value={money(value.credit_limit)} />
        {/* a balance below zero in the debtors list's words: "In credit KES 1,210.50", not −KES */}
        <Figure label={t('till.debtor.balance')} value={balanceWords(value.balance, money, t)} />
        <Figure
          label={t('till.debtor.after')}
          value={balanceWords(after, money, t)}
          testId="debtor-after"
          strong
          className={over ? undefined : classes.good}
        />
      </SimpleGrid>
      {(over || error) && (
        <Text size="sm" c="var(--mantine-color-error)" mt="xs" role="alert" data-testid="debtor-error">
          {over ? t('till.debtor.over', { amount: money(after - value.credit_limit) }) : error}
        </Text>
      )}
    </Paper>
  );
}

/** A new debtor typed in at the till (an admin may set the limit; others get the default). */
function NewDebtorForm({ admin, defaultLimit, digits, money, state }: Props & { state: DebtorPickerState }) {
  const { t } = useTranslation();
  const { typedAmount } = useFormat();
  const { form, setForm, formError, setFormError, busy, add } = state.form;
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [k]: e.currentTarget.value });
    setFormError(null);
  };
  const errorOf = (f: string) =>
    formError && (formError.field ?? 'name') === f ? formError.message : undefined;
  return (
    <Stack
      gap="xs"
      data-testid="till-debtor-new"
      onKeyDown={(e) => {
        // Enter adds the debtor here; it must not complete the sale around it
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          if (form.name.trim()) void add();
        }
      }}
    >
      <Text fw={600}>{t('till.debtor.new')}</Text>
      <TextInput
        label={t('till.debtor.name')}
        required
        autoFocus
        value={form.name}
        error={errorOf('name')}
        onChange={set('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label={t('till.debtor.phone')}
          inputMode="tel"
          value={form.phone}
          error={errorOf('phone')}
          onChange={set('phone')}
        />
        <TextInput
          label={t('till.debtor.idNumber')}
          value={form.id_number}
          error={errorOf('id_number')}
          onChange={set('id_number')}
        />
      </SimpleGrid>
      {admin ? (
        <TextInput
          label={t('till.debtor.limit')}
          inputMode="decimal"
          placeholder={typedAmount(defaultLimit, digits)}
          value={form.limit}
          error={errorOf('credit_limit')}
          onChange={set('limit')}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('till.debtor.defaultLimit', { amount: money(defaultLimit) })}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => state.setAdding(false)}>
          {t('common.cancel')}
        </Button>
        <Button loading={busy} disabled={!form.name.trim()} onClick={() => void add()}>
          {t('till.debtor.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The search: type, arrows and Enter to choose; or add a new debtor with the name typed. */
function DebtorSearch({ onChange, error, money, state }: Props & { state: DebtorPickerState }) {
  const { t } = useTranslation();
  const { q, setQ, dq, active, setActive, found, list, current, setPickFirst } = state.search;
  // Enter takes a debtor by a name typed, or one the arrows went to: with nothing typed the first of
  // the whole list was taken, and F9, Enter, Enter put the sale on a stranger's account (QA)
  const arrowed = useRef(false);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('till.debtor.search')}
        placeholder={t('till.debtor.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        // focused as the pay dialog opens (its focus trap takes data-autofocus, not autoFocus), and
        // as it comes back after "Change" or the new debtor's Cancel (autoFocus, when it mounts)
        data-autofocus
        autoFocus
        value={q}
        error={error}
        autoComplete="off"
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setActive(0);
          arrowed.current = false;
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            arrowed.current = true;
            setActive((i) => Math.min(i + 1, list.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            arrowed.current = true;
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter' && q.trim() && !current) {
            e.preventDefault();
            setPickFirst(true);
          } else if (e.key === 'Enter' && list[active] && (q.trim() || arrowed.current)) {
            e.preventDefault();
            onChange(list[active]);
          } else if (e.key === 'Enter') e.preventDefault(); // no debtor chosen: nothing to complete
        }}
      />
      <div role="listbox" aria-label={t('till.debtor.results')}>
        {list.map((d, i) => (
          <DebtorOption key={d.id} debtor={d} selected={i === active} money={money} onPick={onChange} />
        ))}
        {found.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed" py="xs">
            {dq ? t('till.debtor.noMatch') : t('till.debtor.none')}
          </Text>
        )}
      </div>
      {found.isError && <Alert color="red">{t('common.loadFailed')}</Alert>}
      <Button
        variant="default"
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => {
          state.form.setForm((f) => ({ ...f, name: q.trim() }));
          state.setAdding(true);
        }}
      >
        {t('till.debtor.add')}
      </Button>
    </Stack>
  );
}

function DebtorOption(p: {
  debtor: Debtor;
  selected: boolean;
  money: (minor: number) => string;
  onPick: (d: Debtor) => void;
}) {
  const { t } = useTranslation();
  const d = p.debtor;
  return (
    <UnstyledButton
      role="option"
      aria-selected={p.selected}
      className={classes.choice}
      onClick={() => p.onPick(d)}
    >
      <Group justify="space-between" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {d.name}
          </Text>
          {(d.phone || d.id_number) && (
            <Text size="xs" c="dimmed">
              {d.phone || d.id_number}
            </Text>
          )}
        </div>
        <Text size="xs" c="dimmed" ta="right" className="tabular">
          {t('till.debtor.availableShort', { amount: p.money(d.available) })}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function Figure(p: { label: string; value: string; testId?: string; strong?: boolean; className?: string }) {
  return (
    <div className={classes.figure}>
      <Text size="xs" c="dimmed">
        {p.label}
      </Text>
      <Text fw={p.strong ? 800 : 600} className={`tabular ${p.className ?? ''}`} data-testid={p.testId}>
        {p.value}
      </Text>
    </div>
  );
}
