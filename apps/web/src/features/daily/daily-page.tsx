import './styles';
import { Link } from 'react-router';
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
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { CloseDayPanel } from './close-day-panel';
import { CashierTable, DayKpis } from './day-figures';
import { ListError } from '../../components/list-states';
import { type DailyPageState, useDailyPage } from './use-daily-page';
import { dateTimeFormat } from '@duka/domain';
import { DayInput } from '../../components/day-input';

/** A day (YYYY-MM-DD) written out for the language: "Tuesday, 12 May 2026". */
export function dayText(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dateTimeFormat(lang, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Daily sales (/daily-sales): a location's day per kind and cashier, the expected cash, the close. */
export function DailyPage() {
  const { t, i18n } = useTranslation();
  const s = useDailyPage();
  return (
    <>
      <PageHeader
        title={t('menu.dailySales')}
        actions={
          s.salesLink && (
            <Button
              component={Link}
              to={s.salesLink}
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
            data={s.options.map((l) => ({
              value: l.id,
              label: l.active ? l.name : t('daily.inactiveLocation', { name: l.name }),
            }))}
            value={s.chosen}
            onChange={s.setLocation}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
          />
          <DayInput
            label={t('sales.filter.day')}
            value={s.day}
            max={s.today}
            onChange={s.setDay}
            w={{ base: '100%', xs: 180 }}
          />
          <Text size="sm" c="dimmed" style={{ flex: '1 1 220px' }} data-testid="daily-day">
            {dayText(s.validDay, i18n.language)}
          </Text>
        </Group>
      </Paper>
      <DailyBody state={s} />
    </>
  );
}

/** No location, loading, error, or the day's figures, the cashiers and the close. */
function DailyBody({ state: s }: { state: DailyPageState }) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { daily } = s;
  if (s.noLocation) return <Text c="dimmed">{t('daily.noLocation')}</Text>;
  if (daily.isPending)
    return (
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
  if (daily.isError) return <ListError onRetry={() => void daily.refetch()} />;
  return (
    <>
      <DayKpis totals={daily.data.totals} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="sm">
          {t('daily.perCashier')}
        </Title>
        <CashierTable cashiers={daily.data.cashiers} wide={wide} />
      </Paper>
      {s.future ? (
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
}
