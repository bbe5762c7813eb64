import { List, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type FieldHistoryItem, fieldHistorySchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';

/** A product's values that lost a sync merge (ADR 11 §11.1): admins only, as the server says. */
export function useMergeHistory(id: string | null, enabled: boolean) {
  return useQuery({
    enabled: !!id && enabled,
    queryKey: ['products', id, 'merge-history'],
    queryFn: () => api(`/api/history/product/${id}`, { schema: fieldHistorySchema }),
  });
}

type Format = ReturnType<typeof useFormat>;

/** The label of a product's field group. */
const FIELD_KEYS: Record<string, string> = {
  name: 'stock.product.name',
  code: 'stock.product.code',
  price: 'stock.product.price',
  barcodes: 'stock.product.barcodes',
  category: 'stock.product.category',
  unit: 'stock.product.unit',
  reorder_level: 'stock.product.reorder',
  avg_cost: 'stock.product.merge.avgCost',
  image: 'stock.product.merge.image',
  active: 'stock.product.active',
  deleted_at: 'stock.product.merge.deleted',
};

/** A group's value in words: a price with its tax rate, a list of barcodes, money, yes or no. */
export function valueWords(field: string, v: Record<string, unknown>, t: TFunction, f: Format): string {
  const num = (x: unknown) => (typeof x === 'number' ? x : Number(x));
  if (field === 'price') {
    const tax = num(v.tax_rate);
    return `${f.money(num(v.price))}${tax ? ` (${tax / 100} %)` : ''}`;
  }
  if (field === 'avg_cost') return f.money(num(v.avg_cost));
  if (field === 'barcodes') {
    const list = Array.isArray(v.barcodes) ? v.barcodes.map(String) : [];
    return list.length ? list.join(', ') : t('stock.product.merge.none');
  }
  if (field === 'active') return num(v.active) ? t('stock.product.active') : t('stock.product.inactive');
  const value = v[field];
  if (value === null || value === undefined || value === '') return t('stock.product.merge.none');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function where(by: FieldHistoryItem['set'], t: TFunction, f: Format): string {
  const place = by.here
    ? t('stock.product.merge.here')
    : by.server
      ? t('stock.product.merge.on', { name: by.server })
      : t('stock.product.merge.elsewhere');
  return by.at ? `${place} ${t('stock.product.merge.at', { time: f.dateTime(by.at) })}` : place;
}

/** One lost value as a sentence ("Selling price 180.00 set on Branch B at … was replaced by 175.00 set here at …"). */
export function lossWords(item: FieldHistoryItem, t: TFunction, f: Format): string {
  const field = FIELD_KEYS[item.field] ? t(FIELD_KEYS[item.field]!) : item.field;
  return t(item.reason === 'unique' ? 'stock.product.merge.unique' : 'stock.product.merge.concurrent', {
    field,
    value: valueWords(item.field, item.value, t, f),
    where: where(item.set, t, f),
    won: valueWords(item.field, item.won_value, t, f),
    wonWhere: where(item.won, t, f),
  });
}

export function MergeHistory({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const format = useFormat(useSession().business);
  const history = useMergeHistory(productId, true);
  if (history.isPending) return <Skeleton h={28} />;
  const items = history.data?.items ?? [];
  if (!items.length) return <Text c="dimmed">{t('stock.product.merge.empty')}</Text>;
  return (
    <List spacing="xs" size="sm" data-testid="merge-history">
      {items.map((i) => (
        <List.Item key={i.id}>{lossWords(i, t, format)}</List.Item>
      ))}
    </List>
  );
}
