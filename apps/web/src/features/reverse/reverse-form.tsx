import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Reversal, type Sale, reversalSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { isRefusal, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useDebtor } from '../sales';
import { ConfirmReversal } from './confirm-reversal';
import { ReverseLines } from './reverse-lines';
import { leftTexts, lineOfField, planReversal } from './reversal-plan';

interface Errors {
  reason?: string;
  reference?: string;
  form?: string;
}

/**
 * Reverse all or part of a sale: quantities per line (never more than left), a reason, the
 * refund's reference for a transfer; confirmed before it is posted. The request id is kept until
 * the server accepts it, so a retry after a lost answer never reverses twice.
 */
export function ReverseForm({
  sale,
  onReload,
  onDone,
}: {
  sale: Sale;
  onReload: () => Promise<unknown>;
  onDone: (r: Reversal) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const qc = useQueryClient();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [everything, setEverything] = useState(true);
  const [typed, setTyped] = useState(() => leftTexts(sale));
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refused, setRefused] = useState<Set<number>>(new Set());
  const [id, setId] = useState(() => uuidv7());
  const [confirming, setConfirming] = useState(false);
  const debtor = useDebtor(sale.kind === 'debtor' ? sale.debtor_id : null);
  const plan = planReversal(sale, typed, everything);
  const transfer = sale.kind === 'transfer';

  const post = useMutation({
    mutationFn: () =>
      api(`/api/sales/${sale.id}/reversals`, {
        method: 'POST',
        body: {
          id,
          reason: reason.trim(),
          ...(plan.body ? { lines: plan.body } : {}),
          ...(transfer ? { reference: reference.trim() } : {}),
        },
        schema: reversalSchema,
        retry: true,
      }),
  });

  const type = (lineNo: number, text: string) => {
    setTyped((o) => ({ ...o, [lineNo]: text }));
    setEverything(false);
    setRefused((r) => (r.has(lineNo) ? new Set([...r].filter((x) => x !== lineNo)) : r));
  };

  const check = () => {
    const e: Errors = {};
    if (!reason.trim()) e.reason = t('reverse.errors.reason');
    if (transfer && !reference.trim()) e.reference = t('reverse.errors.reference');
    if (plan.count === 0 && !plan.lines.some((l) => l.problem)) e.form = t('reverse.errors.nothingChosen');
    setErrors(e);
    if (Object.keys(e).length === 0 && plan.ok) setConfirming(true);
  };

  const submit = async () => {
    try {
      const r = await post.mutateAsync();
      setId(uuidv7());
      setConfirming(false);
      notifySuccess(t('reverse.saved', { no: r.receipt_no, total: money(r.total) }));
      await Promise.all(
        ['sales', 'reversals', 'products', 'debtors', 'daily', 'transfers'].map((k) =>
          qc.invalidateQueries({ queryKey: [k] }),
        ),
      );
      onDone(r);
    } catch (err) {
      setConfirming(false);
      if (!isRefusal(err)) return setErrors({ form: serverMessage(err) });
      if (err.code === 'reversal_exceeds_sale') {
        const lineNo = lineOfField(err.field, plan);
        if (lineNo !== null) setRefused(new Set([lineNo]));
        setErrors({});
        await onReload();
      } else if (err.code === 'already_reversed') {
        setErrors({ form: t('reverse.errors.alreadyReversed', { no: sale.receipt_no }) });
        await onReload();
      } else if (err.code === 'idempotency_conflict') {
        setId(uuidv7());
        setErrors({ form: t('reverse.errors.conflict') });
        await onReload();
      } else if (err.field === 'reason') setErrors({ reason: t('reverse.errors.reason') });
      else if (err.field === 'reference') setErrors({ reference: t('reverse.errors.reference') });
      else setErrors({ form: serverMessage(err) });
    }
  };

  const balance = debtor.data?.balance;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('reverse.linesTitle')}
          </Title>
          <Switch
            label={t('reverse.everything')}
            checked={everything}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setEverything(on);
              if (on) {
                setTyped(leftTexts(sale));
                setRefused(new Set());
              }
            }}
          />
        </Group>
        <ReverseLines lines={plan.lines} typed={typed} refused={refused} wide={wide} onType={type} />
        <Textarea
          label={t('reverse.reason')}
          placeholder={t('reverse.reasonHint')}
          required
          autosize
          minRows={2}
          maxLength={200}
          value={reason}
          error={errors.reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {transfer && (
          <TextInput
            label={t('reverse.reference')}
            description={t('reverse.referenceHint', { provider: sale.provider_name ?? '—' })}
            required
            maxLength={60}
            value={reference}
            error={errors.reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <div>
            {sale.kind === 'debtor' && sale.debtor_name && (
              <Paper withBorder radius="md" p="sm" maw={420}>
                <Text size="sm" fw={500} data-testid="debtor-after">
                  {balance === undefined
                    ? sale.debtor_name
                    : balance - plan.total < 0
                      ? // They paid already: what comes back is a credit (ADR 9).
                        t('reverse.debtorAfterCredit', {
                          name: sale.debtor_name,
                          now: money(balance),
                          credit: money(plan.total - balance),
                        })
                      : t('reverse.debtorAfter', {
                          name: sale.debtor_name,
                          now: money(balance),
                          after: money(balance - plan.total),
                        })}
                </Text>
              </Paper>
            )}
          </div>
          <div style={{ textAlign: 'right', marginLeft: 'auto' }}>
            <Text size="sm" c="dimmed">
              {t(`reverse.refundTotal.${sale.kind}`)}
            </Text>
            <Text fz={32} fw={700} lh={1.1} data-testid="refund-total">
              {money(plan.total)}
            </Text>
          </div>
        </Group>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            color="red"
            size="md"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={check}
          >
            {t('reverse.submit')}
          </Button>
        </Group>
      </Stack>
      <ConfirmReversal
        opened={confirming}
        sale={sale}
        plan={plan}
        reference={reference.trim()}
        balance={balance}
        busy={post.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      />
    </Paper>
  );
}
