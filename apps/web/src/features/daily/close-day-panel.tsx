import { useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCalendarCheck, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type DailySummary, type DayClose, currencyMinorDigits } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { isRefusal, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import { SignedMoney } from '../../components/signed-money';
import { closeDay } from './daily-api';
import { type DifferenceSign, cashDifference, signOf } from './difference';

/** The difference in words as well as colour: "short by KES 10.00". */
function DifferenceText({ value, sign }: { value: number; sign: DifferenceSign }) {
  const { t } = useTranslation();
  return (
    <Text span inherit fw={700} data-testid="difference">
      <SignedMoney value={value} />{' '}
      <Text span inherit fw={500}>
        ({t(`daily.close.sign.${sign}`)})
      </Text>
    </Text>
  );
}

/**
 * A closed day. Sales, refunds, payments and expenses may still be recorded for it (a shop never
 * loses a sale because someone closed early); when they change what the drawer should hold, the
 * panel says so beside the figures that were closed.
 */
function Closed({ close, expectedNow }: { close: DayClose; expectedNow: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime } = useFormat(session.business);
  const change = expectedNow - close.expected_cash;
  return (
    <Grid data-testid="day-closed">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={t('daily.close.closedTitle')}>
            {t('daily.close.closedBy', { name: close.user_name, when: dateTime(close.created_at) })}
          </Alert>
          {change !== 0 && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('daily.close.changedTitle')}
              data-testid="changed-since-close"
            >
              {t('daily.close.changedText', {
                now: money(expectedNow),
                then: money(close.expected_cash),
              })}{' '}
              <Text span inherit fw={700}>
                <SignedMoney value={change} />
              </Text>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <div>
              <Text size="sm" c="dimmed">
                {t('daily.kpi.expected')}
              </Text>
              <Text fz={22} fw={700}>
                {money(close.expected_cash)}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('daily.close.counted')}
              </Text>
              <Text fz={22} fw={700} data-testid="closed-counted">
                {money(close.counted_cash)}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                {t('daily.close.difference')}
              </Text>
              <Text fz={22}>
                <DifferenceText value={close.difference} sign={signOf(close.difference)} />
              </Text>
            </div>
          </SimpleGrid>
          {close.note && (
            <Text size="sm">
              {t('daily.close.note')}: {close.note}
            </Text>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="xs">
          <Group justify="flex-end">
            <PrintReceiptButton receiptNo={close.receipt_no} />
          </Group>
          <ReceiptPreview receiptNo={close.receipt_no} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** Close the day: the cash counted, the difference live, a note; once per location and day. */
export function CloseDayPanel({ summary, dayText }: { summary: DailySummary; dayText: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const qc = useQueryClient();
  const digits = currencyMinorDigits(session.business.currency);
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [id, setId] = useState(() => uuidv7());
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const expected = summary.totals.expected_cash;
  const diff = cashDifference(counted, digits, expected);
  const post = useMutation({ mutationFn: closeDay });

  const ask = () => {
    if (diff.counted === null) return setError({ field: t('daily.close.badAmount') });
    setError({});
    setConfirming(true);
  };
  const submit = async () => {
    try {
      const c = await post.mutateAsync({
        id,
        location_id: summary.location_id,
        day: summary.day,
        counted_cash: diff.counted!,
        note: note.trim(),
      });
      setId(uuidv7());
      notifySuccess(t('daily.close.saved', { no: c.receipt_no }));
    } catch (err) {
      if (isRefusal(err) && err.code === 'day_closed') setError({ form: t('daily.errors.closed') });
      else if (isRefusal(err) && err.field === 'day') setError({ form: t('daily.errors.futureDay') });
      else if (isRefusal(err) && err.field === 'counted_cash')
        setError({ field: t('daily.close.badAmount') });
      else setError({ form: serverMessage(err) });
    } finally {
      setConfirming(false);
      await qc.invalidateQueries({ queryKey: ['daily'] });
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} mt="md">
      <Title order={2} size="h4" mb="sm">
        {t('daily.close.title')}
      </Title>
      {summary.close ? (
        <Closed close={summary.close} expectedNow={summary.totals.expected_cash} />
      ) : (
        <Stack>
          <Grid align="flex-end">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput
                label={t('daily.close.counted')}
                description={t('daily.close.countedHint')}
                inputMode="decimal"
                size="md"
                leftSection={<Text size="xs">{session.business.currency}</Text>}
                leftSectionWidth={48}
                styles={{ input: { textAlign: 'right', fontSize: 22, fontWeight: 700 } }}
                value={counted}
                error={error.field}
                onChange={(e) => setCounted(e.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <Text size="sm" c="dimmed">
                {t('daily.close.difference')}
              </Text>
              <Text fz={26} aria-live="polite">
                {diff.difference === null || diff.sign === null ? (
                  <Text span c="dimmed" inherit>
                    —
                  </Text>
                ) : (
                  <DifferenceText value={diff.difference} sign={diff.sign} />
                )}
              </Text>
            </Grid.Col>
          </Grid>
          <Textarea
            label={t('daily.close.note')}
            placeholder={t('daily.close.noteHint')}
            autosize
            minRows={1}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          {error.form && (
            <Alert color="red" role="alert">
              {error.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button size="md" leftSection={<IconCalendarCheck size={18} aria-hidden />} onClick={ask}>
              {t('daily.close.button')}
            </Button>
          </Group>
        </Stack>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        centered
        title={t('daily.close.confirmTitle', { location: summary.location_name, day: dayText })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {diff.counted !== null && diff.difference !== null && diff.sign !== null && (
          <>
            <Text fw={600}>
              {t('daily.close.confirmText', { counted: money(diff.counted), expected: money(expected) })}
            </Text>
            <List size="sm" mt="sm" spacing={4}>
              <List.Item>
                {t('daily.close.difference')}: <DifferenceText value={diff.difference} sign={diff.sign} />
              </List.Item>
              <List.Item>{t('daily.close.once')}</List.Item>
            </List>
          </>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button loading={post.isPending} onClick={() => void submit()} data-autofocus>
            {t('daily.close.confirmButton')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
