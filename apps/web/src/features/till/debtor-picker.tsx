import { useEffect, useState } from 'react';
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
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Debtor, parseMoney } from '@duka/domain';
import { serverMessage } from '../../lib/notify';
import { moneyText } from '../stock';
import { createDebtor, useDebtorSearch } from './till-api';
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
export const overLimit = (d: Debtor, total: number) => d.balance + total > d.credit_limit;

/** Search a debtor (arrows and Enter) or add one; shows the limit and the balance after the sale. */
export function DebtorPicker({ value, onChange, total, error, admin, defaultLimit, digits, money }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 200);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ name: '', phone: '', id_number: '', limit: '' });
  const [formError, setFormError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const found = useDebtorSearch(dq);
  const list = (found.data?.items ?? []).filter((d) => d.active);
  // Enter before the list caught up with the typing picks the first match once it arrives
  const [pickFirst, setPickFirst] = useState(false);
  const current = dq === q.trim() && !found.isFetching;
  useEffect(() => {
    if (!pickFirst || !current || !found.isSuccess) return;
    setPickFirst(false);
    if (list[0]) onChange(list[0]);
  }, [pickFirst, current, found.data]);

  const add = async () => {
    const limit = form.limit.trim() ? parseMoney(form.limit, digits) : undefined;
    if (limit === null) return setFormError({ field: 'credit_limit', message: t('till.debtor.badLimit') });
    setBusy(true);
    try {
      const d = await createDebtor({
        id: uuidv7(),
        name: form.name.trim(),
        phone: form.phone.trim(),
        id_number: form.id_number.trim(),
        ...(admin && limit !== undefined ? { credit_limit: limit } : {}),
      });
      void qc.invalidateQueries({ queryKey: ['debtors'] });
      onChange(d);
      setAdding(false);
      setForm({ name: '', phone: '', id_number: '', limit: '' });
    } catch (err) {
      setFormError({ field: (err as { field?: string }).field, message: serverMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  if (value) {
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
          <Figure label={t('till.debtor.balance')} value={money(value.balance)} />
          <Figure
            label={t('till.debtor.after')}
            value={money(after)}
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

  if (adding) {
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
            placeholder={moneyText(defaultLimit, digits)}
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
          <Button variant="default" onClick={() => setAdding(false)}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} disabled={!form.name.trim()} onClick={() => void add()}>
            {t('till.debtor.create')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={t('till.debtor.search')}
        placeholder={t('till.debtor.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={found.isFetching ? <Loader size="xs" /> : null}
        autoFocus
        value={q}
        error={error}
        autoComplete="off"
        onChange={(e) => {
          setQ(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, list.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter' && q.trim() && !current) {
            e.preventDefault();
            setPickFirst(true);
          } else if (e.key === 'Enter' && list[active]) {
            e.preventDefault();
            onChange(list[active]);
          }
        }}
      />
      <div role="listbox" aria-label={t('till.debtor.results')}>
        {list.map((d, i) => (
          <UnstyledButton
            key={d.id}
            role="option"
            aria-selected={i === active}
            className={classes.choice}
            onClick={() => onChange(d)}
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
                {t('till.debtor.availableShort', { amount: money(d.available) })}
              </Text>
            </Group>
          </UnstyledButton>
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
          setForm((f) => ({ ...f, name: q.trim() }));
          setAdding(true);
        }}
      >
        {t('till.debtor.add')}
      </Button>
    </Stack>
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
