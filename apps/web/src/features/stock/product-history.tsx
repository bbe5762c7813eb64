import './styles';
import { Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Movement, Product } from '@duka/domain';
import { MergeHistory, useCanSeeMergeHistory } from '../../components/merge-history';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useAllLocations } from './products-api';
import { movementWords } from './reason-words';
import { useMovements, usePriceHistory } from './stock-api';
import { typedDecimal } from '../../lib/typed-number';
import { TableScroll } from '../../components/table-scroll';

/** A tax rate in basis points as a percentage to type: 1600 → "16", 1650 → "16.50" (shown: `useFormat().percent`). */
/** Basis points as a percentage to edit, in the page's decimal sign: 1250 → "12.50" ("12,50" in German). */
export const pct = (bp: number) =>
  bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2).replace('.', typedDecimal());

type PriceChange = NonNullable<ReturnType<typeof usePriceHistory>['data']>[number];

const skeleton = (
  <Stack>
    {[0, 1, 2].map((i) => (
      <Skeleton key={i} h={28} />
    ))}
  </Stack>
);

/** A product's stock movements, price changes and (for an admin) values replaced by a sync merge, as tabs. */
export function ProductHistory({ product }: { product: Product }) {
  const { t } = useTranslation();
  const prices = usePriceHistory(product.id);
  const moves = useMovements(product.id);
  const admin = useCanSeeMergeHistory();
  return (
    <Tabs defaultValue="moves" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="moves">{t('stock.product.movements')}</Tabs.Tab>
        <Tabs.Tab value="prices">{t('stock.product.prices')}</Tabs.Tab>
        {admin && <Tabs.Tab value="merges">{t('history.tab')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="moves">
        {moves.isPending ? (
          skeleton
        ) : !moves.data?.length ? (
          <Text c="dimmed">{t('stock.product.noMovements')}</Text>
        ) : (
          <MovementsTable moves={moves.data} />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="prices">
        {prices.isPending ? (
          skeleton
        ) : !prices.data?.length ? (
          <Text c="dimmed">{t('stock.product.noPrices')}</Text>
        ) : (
          <PricesTable prices={prices.data} />
        )}
      </Tabs.Panel>
      {admin && (
        <Tabs.Panel value="merges">
          <MergeHistory docType="product" id={product.id} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}

function MovementsTable({ moves }: { moves: Movement[] }) {
  const { t } = useTranslation();
  const { dateTime, quantity } = useFormat(useSession().business);
  const locations = useAllLocations();
  const loc = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? '—';
  return (
    <TableScroll minWidth={480}>
      <Table verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.product.when')}</Table.Th>
            <Table.Th>{t('stock.product.kind')}</Table.Th>
            <Table.Th>{t('stock.doc.location')}</Table.Th>
            <Table.Th ta="right">{t('stock.line.quantity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {moves.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{dateTime(m.created_at)}</Table.Td>
              <Table.Td>{movementWords(t, m.kind, m.reason)}</Table.Td>
              <Table.Td>{loc(m.location_id)}</Table.Td>
              <Table.Td ta="right" c={m.quantity < 0 ? 'red' : 'teal'}>
                {m.quantity > 0 ? '+' : ''}
                {quantity(m.quantity)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function PricesTable({ prices }: { prices: PriceChange[] }) {
  const { t } = useTranslation();
  const { money, dateTime, percent } = useFormat(useSession().business);
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stock.product.when')}</Table.Th>
          <Table.Th ta="right">{t('stock.product.price')}</Table.Th>
          <Table.Th ta="right">{t('stock.product.tax')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prices.map((p) => (
          <Table.Tr key={p.created_at + p.price}>
            <Table.Td>{dateTime(p.created_at)}</Table.Td>
            <Table.Td ta="right">{money(p.price)}</Table.Td>
            <Table.Td ta="right">{percent(p.tax_rate)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
