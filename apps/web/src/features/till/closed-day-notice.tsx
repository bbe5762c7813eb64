import './styles';
import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, type DayState } from '@duka/domain';
import { answerCheck } from '../../lib/answer-checks';
import { api } from '../../lib/api-client';

/** Where the till's sales go now at a location: today's business day, and its close if any. */
export function useDayState(locationId: string) {
  return useQuery({
    enabled: !!locationId,
    queryKey: ['daily', 'state', locationId],
    queryFn: ({ signal }) =>
      api(`/api/daily-sales/state?location_id=${encodeURIComponent(locationId)}`, {
        schema: answerCheck('dayState'),
        signal,
      }),
    // someone may close the day on another till while this one sells
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

const seenKey = (s: DayState) => `duka.closedDaySeen.${s.location_id}.${s.day}.${s.close?.receipt_no ?? ''}`;
const wasSeen = (s: DayState) => {
  try {
    return localStorage.getItem(seenKey(s)) === '1';
  } catch {
    return false;
  }
};

/**
 * Selling into a closed day (issue 16): before the first sale after the close, the till says which
 * business day the sale goes to and who closed that day, and when. Once understood on this device
 * it is not shown again for that close.
 */
export function ClosedDayNotice({
  locationId,
  business,
}: {
  locationId: string;
  business: { timezone: string };
}) {
  const { t, i18n } = useTranslation();
  const state = useDayState(locationId);
  const [, setTick] = useState(0);
  const s = state.data;
  if (!s?.close || wasSeen(s)) return null;
  const day = dateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${s.day}T12:00:00Z`),
  );
  const time = dateTimeFormat(i18n.language, {
    timeStyle: 'short',
    timeZone: business.timezone,
  }).format(new Date(s.close.created_at));
  const understood = () => {
    try {
      localStorage.setItem(seenKey(s), '1');
    } catch {
      // storage full or off: the notice simply comes back next time
    }
    setTick((n) => n + 1);
  };
  return (
    <Alert
      color="yellow"
      mb="md"
      icon={<IconCalendarOff size={18} aria-hidden />}
      title={t('till.closedDay.title', { day })}
      data-testid="closed-day-notice"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" maw={640}>
          {t('till.closedDay.text', { name: s.close.user_name || t('till.closedDay.someone'), day, time })}
        </Text>
        <Button size="xs" variant="default" onClick={understood}>
          {t('till.closedDay.understood')}
        </Button>
      </Group>
    </Alert>
  );
}
