import './styles';
import { Group, Loader, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockCount, StockCountReview } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useCountReview } from './stock-api';
import { TableScroll } from '../../components/table-scroll';

/** The count against the books: expected, counted, variance and its value, moved since it began. */
export function CountReview({ count }: { count: StockCount }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const qc = useQueryClient();
  const review = useCountReview(count.id, true);
  // out of date after a scan until the scans pause and it is read again (count-cache.ts)
  const invalidated = useSyncExternalStore(
    (changed) => qc.getQueryCache().subscribe(changed),
    () => !!qc.getQueryState(['stock-counts', count.id, 'review'])?.isInvalidated,
  );
  const updating = review.isFetching || invalidated;
  if (review.isPending) return <Skeleton h={120} />;
  if (review.isError) return <Text c="red">{serverMessage(review.error)}</Text>;
  const r = review.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('stock.count.review')}
          </Title>
          {updating && (
            <Group gap={6} data-testid="review-updating">
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('stock.count.reviewUpdating')}
              </Text>
            </Group>
          )}
        </Group>
        <Text>
          {t('stock.count.totalVariance')}{' '}
          <Signed value={r.total_variance_value} text={money(Math.abs(r.total_variance_value))} />
        </Text>
      </Group>
      <TableScroll minWidth={640}>
        <Table verticalSpacing="xs" data-testid="count-review">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock.line.product')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.expected')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.counted')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.variance')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.varianceValue')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.movedSince')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.lines.map((l) => (
              <ReviewRow key={l.product_id} line={l} />
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** A product's line: expected, counted, variance in quantity and value, what moved meanwhile. */
function ReviewRow({ line: l }: { line: StockCountReview['lines'][number] }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, held } = useFormat(session.business);
  return (
    <Table.Tr data-testid={`review-${l.product_name}`}>
      <Table.Td>{l.product_name}</Table.Td>
      <Table.Td ta="right">{held(l.expected, l.unit)}</Table.Td>
      <Table.Td ta="right">
        {l.counted === null ? t('stock.count.notCounted') : held(l.counted, l.unit)}
      </Table.Td>
      <Table.Td ta="right">
        {l.counted === null ? '—' : <Signed value={l.variance} text={held(Math.abs(l.variance), l.unit)} />}
      </Table.Td>
      <Table.Td ta="right">
        {l.counted === null ? (
          '—'
        ) : (
          <Signed value={l.variance_value} text={money(Math.abs(l.variance_value))} />
        )}
      </Table.Td>
      <Table.Td ta="right">{l.moved_since_start ? held(l.moved_since_start, l.unit) : '—'}</Table.Td>
    </Table.Tr>
  );
}

/** A signed figure with its sign written out, coloured by sign (never colour alone). */
function Signed({ value, text }: { value: number; text: string }) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return (
    <Text span fw={600} c={value > 0 ? 'teal' : value < 0 ? 'red' : 'dimmed'}>
      {sign}
      {text}
    </Text>
  );
}
