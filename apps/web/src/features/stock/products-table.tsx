import './styles';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Location, type Product, isLowStock } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { NameAndCode } from '../../components/name-and-code';
import { TableScroll } from '../../components/table-scroll';

type RowsProps = {
  rows: Product[];
  shown: Location[];
  /** The location the list is filtered by: a product is low by what it holds there (0 if never received). */
  at?: string | null;
  onOpen: (p: Product) => void;
};

const level = (p: Product, id: string) => p.levels.find((l) => l.location_id === id)?.quantity ?? 0;
const isLow = (p: Product, at?: string | null) => isLowStock(at ? level(p, at) : p.on_hand, p.reorder_level);

/** The products on a wide screen: price, a column per location shown, the total. */
export function ProductsTable({ rows, shown, at, onOpen }: RowsProps) {
  const { t } = useTranslation();
  const { money, quantity, held } = useFormat(useSession().business);
  return (
    <TableScroll minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="products-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.product.name')}</Table.Th>
            <Table.Th ta="right">{t('stock.product.price')}</Table.Th>
            {shown.map((l) => (
              <Table.Th key={l.id} ta="right">
                {l.name}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('stock.product.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr
              key={p.id}
              data-testid={`product-row-${p.code}`}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              onClick={() => onOpen(p)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(p);
              }}
            >
              <Table.Td>
                <ProductName product={p} low={isLow(p, at)} />
              </Table.Td>
              <Table.Td ta="right">{money(p.price)}</Table.Td>
              {shown.map((l) => (
                <Table.Td key={l.id} ta="right" data-testid={`level-${p.code}-${l.name}`}>
                  {quantity(level(p, l.id))}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600} data-testid={`total-${p.code}`}>
                {held(p.on_hand, p.unit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The products on a phone: one card each, the levels as badges. */
export function ProductCards({ rows, shown, at, onOpen }: RowsProps) {
  const { money, quantity, held } = useFormat(useSession().business);
  return (
    <Stack gap="sm" data-testid="products-cards">
      {rows.map((p) => (
        <Card
          key={p.id}
          withBorder
          padding="sm"
          component="button"
          onClick={() => onOpen(p)}
          style={{ textAlign: 'left' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <ProductName product={p} low={isLow(p, at)} />
            <Stack gap={0} align="flex-end">
              <Text fw={700}>{held(p.on_hand, p.unit)}</Text>
              <Text size="xs" c="dimmed">
                {money(p.price)}
              </Text>
            </Stack>
          </Group>
          <Group gap={6} mt={6}>
            {shown.map((l) => (
              <Badge key={l.id} variant="default" size="sm" tt="none">
                {l.name}: {quantity(level(p, l.id))}
              </Badge>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** Name, code and category, with badges for inactive and low stock. */
function ProductName({ product: p, low }: { product: Product; low: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <NameAndCode name={p.name} code={p.code} extra={p.category} />
      {!p.active && (
        <Badge variant="outline" color="gray" size="sm">
          {t('stock.product.inactive')}
        </Badge>
      )}
      {low && (
        <Badge variant="light" color="orange" size="sm">
          {t('stock.product.low')}
        </Badge>
      )}
    </Group>
  );
}
