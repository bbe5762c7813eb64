import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DAY_PATTERN } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-context';
import { mayOpen, todayOf } from '../sales';
import { useAllowedLocations } from '../stock';
import { CloseDayPanel } from './close-day-panel';
import { useDaily } from './daily-api';
import { CashierTable, DayKpis } from './day-figures';
import { ListError } from '../../components/list-states';

/** A day (YYYY-MM-DD) written out for the language: "Tuesday, 12 May 2026". */
export function dayText(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Daily sales (/daily-sales): a location's day per kind and cashier, the expected cash, the close. */
export function DailyPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const today = todayOf(session);
  const [params] = useSearchParams();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { allowed, home, isPending: locationsPending } = useAllowedLocations();
  const [day, setDay] = useState(() => {
    const d = params.get('day');
    return d && DAY_PATTERN.test(d) && d <= today ? d : today;
  });
  const [location, setLocation] = useState<string | null>(params.get('location_id'));
  const chosen =
    location && allowed.some((l) => l.id === location) ? location : locationsPending ? null : home || null;
  const validDay = DAY_PATTERN.test(day) ? day : today;
  const future = validDay > today;
  const daily = useDaily(chosen, validDay);

  let body: React.ReactNode;
  if (!locationsPending && !chosen) body = <Text c="dimmed">{t('daily.noLocation')}</Text>;
  else if (daily.isPending)
    body = (
      <Stack data-testid="daily-loading">
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <SimpleGrid cols={{ base: 2, md: 3 }}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} h={96} radius="lg" />
              ))}
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Skeleton h={208} radius="lg" />
          </Grid.Col>
        </Grid>
        <Skeleton h={120} radius="lg" />
      </Stack>
    );
  else if (daily.isError) body = <ListError onRetry={() => void daily.refetch()} />;
  else
    body = (
      <>
        <DayKpis totals={daily.data.totals} />
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            {t('daily.perCashier')}
          </Title>
          <CashierTable cashiers={daily.data.cashiers} wide={wide} />
        </Paper>
        {future ? (
          <Alert color="gray" mt="md">
            {t('daily.errors.futureDay')}
          </Alert>
        ) : (
          <CloseDayPanel
            key={`${daily.data.location_id}-${daily.data.day}`}
            summary={daily.data}
            dayText={dayText(daily.data.day, i18n.language)}
          />
        )}
      </>
    );

  return (
    <>
      <PageHeader
        title={t('menu.dailySales')}
        actions={
          mayOpen(session, '/current-sales') && (
            <Button
              component={Link}
              to={`/current-sales?${new URLSearchParams({ day: validDay, ...(chosen ? { location_id: chosen } : {}) }).toString()}`}
              variant="default"
              leftSection={<IconListDetails size={16} aria-hidden />}
            >
              {t('daily.toCurrentSales')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('sales.filter.location')}
            data={allowed.map((l) => ({ value: l.id, label: l.name }))}
            value={chosen}
            onChange={setLocation}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            type="date"
            label={t('sales.filter.day')}
            value={day}
            max={today}
            onChange={(e) => setDay(e.currentTarget.value)}
            w={{ base: '100%', xs: 180 }}
          />
          <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }} data-testid="daily-day">
            {dayText(validDay, i18n.language)}
          </Text>
        </Group>
      </Paper>
      {body}
    </>
  );
}
