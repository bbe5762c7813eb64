import './styles';
import { memo, useDeferredValue, useState } from 'react';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StockCount } from '@duka/domain';
import { useFormat } from '../../lib/format';

type Counted = StockCount['counted'][number];

/** Cards shown at first, and added by each "Show more": a whole shop's count is thousands. */
export const COUNTED_PAGE = 60;

/** One product's counted total, big (the count is blind: no expected figure). */
const CountedCard = memo(function CountedCard({ line }: { line: Counted }) {
  const { t } = useTranslation();
  const { held } = useFormat();
  return (
    <Card withBorder padding="md" data-testid={`counted-${line.product_name}`}>
      <Text size="sm" c="dimmed">
        {line.product_name}
      </Text>
      <Text fz={36} fw={700} lh={1.1}>
        {held(line.quantity, line.unit)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('stock.count.entries', { count: line.entries })}
      </Text>
    </Card>
  );
});

/**
 * What has been counted so far, a card per product by name: the first `COUNTED_PAGE` and more on
 * asking, with a search by name once there are more than that (a count of a whole shop is
 * thousands of products; every card drawn again at each read was seconds on a cheap phone).
 */
export function CountedSoFar({ count: c }: { count: StockCount }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const [find, setFind] = useState('');
  const [shown, setShown] = useState(COUNTED_PAGE);
  const wanted = useDeferredValue(find.trim().toLowerCase());
  const matching = wanted
    ? c.counted.filter((l) => l.product_name.toLowerCase().includes(wanted))
    : c.counted;
  const left = matching.length - shown;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('stock.count.countedSoFar')}
          </Title>
          {c.counted.length > 0 && (
            <Badge variant="light" data-testid="counted-total">
              {count(c.counted.length)}
            </Badge>
          )}
        </Group>
        {c.counted.length > COUNTED_PAGE && (
          <TextInput
            aria-label={t('stock.count.findCounted')}
            placeholder={t('stock.count.findCounted')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={find}
            onChange={(ev) => {
              setFind(ev.currentTarget.value);
              setShown(COUNTED_PAGE);
            }}
            w={{ base: '100%', xs: 280 }}
          />
        )}
      </Group>
      {c.counted.length === 0 ? (
        <Text c="dimmed">{t('stock.count.nothingCounted')}</Text>
      ) : matching.length === 0 ? (
        <Text c="dimmed">{t('stock.count.noCountedMatch', { text: find.trim() })}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="counted">
            {matching.slice(0, shown).map((l) => (
              <CountedCard key={l.product_id} line={l} />
            ))}
          </SimpleGrid>
          {left > 0 && (
            <Group justify="center" mt="md">
              <Button variant="default" onClick={() => setShown((n) => n + COUNTED_PAGE)}>
                {t('stock.count.showMore', { count: Math.min(left, COUNTED_PAGE), n: count(left) })}
              </Button>
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
