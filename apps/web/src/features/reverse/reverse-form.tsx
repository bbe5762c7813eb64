import './styles';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Reversal, type Sale, reversalBodySchema } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { useDebtor } from '../sales';
import { ConfirmReversal } from './confirm-reversal';
import { ReverseLines } from './reverse-lines';
import { type ReverseFormState, useReverseForm } from './use-reverse-form';

/**
 * Reverse all or part of a sale: quantities per line (never more than left), a reason, the
 * refund's reference for a transfer; confirmed before it is posted.
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
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const s = useReverseForm(sale, onReload, onDone);
  const debtor = useDebtor(sale.kind === 'debtor' ? sale.debtor_id : null);
  const balance = debtor.data?.balance;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('reverse.linesTitle')}
          </Title>
          <Group gap="xs">
            <Button
              variant={s.everything ? 'filled' : 'light'}
              color="red"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              aria-pressed={s.everything}
              onClick={() => s.setAll(true)}
            >
              {t('reverse.all')}
            </Button>
            {s.plan.count > 0 && (
              <Button
                variant="default"
                leftSection={<IconEraser size={16} aria-hidden />}
                onClick={() => s.setAll(false)}
              >
                {t('reverse.clear')}
              </Button>
            )}
          </Group>
        </Group>
        <ReverseLines {...s.lineProps} wide={wide} />
        <ReasonFields sale={sale} form={s} />
        <RefundSummary sale={sale} balance={balance} total={s.plan.total} />
        {s.errors.form && (
          <Alert color="red" role="alert">
            {s.errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            color="red"
            size="md"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={s.check}
          >
            {t('reverse.submit')}
          </Button>
        </Group>
      </Stack>
      <ConfirmReversal
        opened={s.confirming}
        sale={sale}
        plan={s.plan}
        reference={s.reference.trim()}
        balance={balance}
        busy={s.busy}
        onCancel={() => s.setConfirming(false)}
        onConfirm={() => void s.submit()}
      />
    </Paper>
  );
}

/** What comes back, and for a debtor's sale what they will owe (or have in credit) after it. */
function RefundSummary({ sale, balance, total }: { sale: Sale; balance: number | undefined; total: number }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <div>
        {sale.kind === 'debtor' && sale.debtor_name && (
          <Paper withBorder radius="md" p="sm" maw={420}>
            <Text size="sm" fw={500} data-testid="debtor-after">
              {balance === undefined
                ? sale.debtor_name
                : balance - total < 0
                  ? // They paid already: what comes back is a credit (ADR 9).
                    t('reverse.debtorAfterCredit', {
                      name: sale.debtor_name,
                      now: money(balance),
                      credit: money(total - balance),
                    })
                  : t('reverse.debtorAfter', {
                      name: sale.debtor_name,
                      now: money(balance),
                      after: money(balance - total),
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
          {money(total)}
        </Text>
      </div>
    </Group>
  );
}

/** Why it is reversed; for a transfer, the reference of the money sent back. */
function ReasonFields({ sale, form: s }: { sale: Sale; form: ReverseFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t('reverse.reason')}
        placeholder={t('reverse.reasonHint')}
        required
        autosize
        minRows={2}
        maxLength={maxLengthOf(reversalBodySchema.shape.reason)}
        value={s.reason}
        error={s.errors.reason}
        onChange={(e) => s.setReason(e.currentTarget.value)}
      />
      {s.transfer && (
        <TextInput
          label={t('reverse.reference')}
          description={t('reverse.referenceHint', { provider: sale.provider_name ?? '—' })}
          required
          maxLength={maxLengthOf(reversalBodySchema.shape.reference)}
          value={s.reference}
          error={s.errors.reference}
          onChange={(e) => s.setReference(e.currentTarget.value)}
        />
      )}
    </>
  );
}
