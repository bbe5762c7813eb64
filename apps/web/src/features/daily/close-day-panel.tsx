import './styles';
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
import { useTranslation } from 'react-i18next';
import { type DailySummary, type DayClose, dayCloseBodySchema } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { maxLengthOf } from '../../lib/validators';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import { SignedMoney } from '../../components/signed-money';
import { type DifferenceSign, signOf } from './difference';
import { type CloseDayState, useCloseDay } from './use-close-day';

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
              {/* in the alert's own text colour: teal or red on its orange tint falls short of 4.5:1;
                  the sign and the words say which way it went */}
              <Text span inherit fw={700} data-testid="changed-by">
                <SignedMoney value={change} colored={false} />
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
  const c = useCloseDay(summary);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} mt="md">
      <Title order={2} size="h4" mb="sm">
        {t('daily.close.title')}
      </Title>
      {summary.close ? (
        <Closed close={summary.close} expectedNow={summary.totals.expected_cash} />
      ) : (
        <CountForm close={c} />
      )}
      <ConfirmClose
        close={c}
        title={t('daily.close.confirmTitle', { location: summary.location_name, day: dayText })}
      />
    </Paper>
  );
}

/** The cash counted (the difference shows as it is typed), a note, and Close. */
function CountForm({ close: c }: { close: CloseDayState }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { diff } = c;
  return (
    <Stack>
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('daily.close.counted')}
            description={t('daily.close.countedHint')}
            inputMode="decimal"
            size="md"
            leftSection={<Text size="xs">{business.currency}</Text>}
            leftSectionWidth={48}
            styles={{ input: { textAlign: 'right', fontSize: 22, fontWeight: 700 } }}
            value={c.counted}
            error={c.error.field}
            onChange={(e) => c.setCounted(e.currentTarget.value)}
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
        maxLength={maxLengthOf(dayCloseBodySchema.shape.note)}
        value={c.note}
        onChange={(e) => c.setNote(e.currentTarget.value)}
      />
      {c.error.form && (
        <Alert color="red" role="alert">
          {c.error.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button size="md" leftSection={<IconCalendarCheck size={18} aria-hidden />} onClick={c.ask}>
          {t('daily.close.button')}
        </Button>
      </Group>
    </Stack>
  );
}

/** "Close the day with this count?": counted against expected, the difference, once only. */
function ConfirmClose({ close: c, title }: { close: CloseDayState; title: string }) {
  const { t } = useTranslation();
  const { money } = useFormat(useSession().business);
  const { diff } = c;
  return (
    <Modal
      opened={c.confirming}
      onClose={() => c.setConfirming(false)}
      centered
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {diff.counted !== null && diff.difference !== null && diff.sign !== null && (
        <>
          <Text fw={600}>
            {t('daily.close.confirmText', { counted: money(diff.counted), expected: money(c.expected) })}
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
        <Button variant="default" onClick={() => c.setConfirming(false)}>
          {t('common.cancel')}
        </Button>
        <Button loading={c.busy} onClick={() => void c.submit()} data-autofocus>
          {t('daily.close.confirmButton')}
        </Button>
      </Group>
    </Modal>
  );
}
