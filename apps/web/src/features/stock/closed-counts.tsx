import './styles';
import { Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useRecentCounts } from './stock-api';

/** Closed counts shown: the newest of the last hundred the server lists. */
export const CLOSED_SHOWN = 20;

/**
 * The counts finalised or cancelled lately, newest first: opened again to see what was counted
 * and, for an admin, the variances posted (the QA: once closed, a count could not be seen again).
 */
export function ClosedCounts({ locations, onOpen }: { locations: Location[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { dateTime } = useFormat(business);
  const recent = useRecentCounts();
  const closed = (recent.data ?? []).filter((c) => c.status !== 'open').slice(0, CLOSED_SHOWN);
  if (!recent.isPending && closed.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        {t('stock.count.closedList')}
      </Title>
      {recent.isPending ? (
        <Skeleton h={60} />
      ) : (
        <Stack gap="xs">
          {closed.map((c) => (
            <Card key={c.id} withBorder padding="sm" data-testid={`closed-count-${c.id}`}>
              <Group justify="space-between" wrap="wrap">
                <div>
                  <Group gap="xs">
                    <Text fw={600}>{locations.find((l) => l.id === c.location_id)?.name ?? '—'}</Text>
                    <Badge
                      color={c.status === 'finalised' ? 'teal' : 'gray'}
                      variant="light"
                      miw="max-content"
                    >
                      {t(`stock.count.statuses.${c.status}`)}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t('stock.count.startedAt', { when: dateTime(c.started_at) })}
                    {c.closed_at ? ` · ${t('stock.count.closedAt', { when: dateTime(c.closed_at) })}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('stock.count.productsCounted', { count: c.products_counted })}
                    {c.note ? ` · ${c.note}` : ''}
                  </Text>
                </div>
                <Button variant="default" onClick={() => onOpen(c.id)}>
                  {t('stock.count.view')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
