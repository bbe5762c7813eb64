import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type Product, formatQuantity } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { ImportDialog } from './import-dialog';
import { ProductDrawer } from './product-drawer';
import { useCategories, useProducts } from './stock-api';
import { useReadableLocations } from './use-allowed-locations';
import { ListError } from '../../components/list-states';

/** Manage stock (/stock): products with levels per location, filters, add/edit, CSV in and out. */
export function ProductsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const [q, setQ] = useState('');
  // a table from 768 px, cards below; only one of them in the page
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [category, setCategory] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  // "Low stock only" lives in the address (`/stock?low=1`), so the dashboard can link to it and a
  // reload keeps it.
  const [params, setParams] = useSearchParams();
  const low = params.get('low') === '1';
  const setLow = (on: boolean) =>
    setParams(
      (p) => {
        if (on) p.set('low', '1');
        else p.delete('low');
        return p;
      },
      { replace: true },
    );
  const [inactive, setInactive] = useState(false);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const products = useProducts({
    q: dq || undefined,
    category: category ?? undefined,
    location_id: location ?? undefined,
    low_stock: low,
    include_inactive: inactive,
  });
  const categories = useCategories();
  const locations = useReadableLocations();
  const shown = (locations.data ?? []).filter((l) => l.active && (!location || l.id === location));
  const level = (p: Product, id: string) => p.levels.find((l) => l.location_id === id)?.quantity ?? 0;
  const isLow = (p: Product) => p.reorder_level > 0 && p.on_hand <= p.reorder_level;
  const filtered = !!(dq || category || location || low || inactive);

  const nameCell = (p: Product) => (
    <Group gap={6} wrap="nowrap">
      <div>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {p.code}
          {p.category ? ` · ${p.category}` : ''}
        </Text>
      </div>
      {!p.active && (
        <Badge variant="outline" color="gray" size="sm">
          {t('stock.product.inactive')}
        </Badge>
      )}
      {isLow(p) && (
        <Badge variant="light" color="orange" size="sm">
          {t('stock.product.low')}
        </Badge>
      )}
    </Group>
  );

  let body: React.ReactNode;
  if (products.isPending) {
    body = (
      <Stack data-testid="products-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  } else if (products.isError) {
    body = <ListError onRetry={() => void products.refetch()} />;
  } else if (products.data.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">{filtered ? t('stock.product.noMatch') : t('stock.product.empty')}</Text>
        {!filtered && (
          <Group>
            <Button variant="light" onClick={() => setEditing('new')}>
              {t('stock.product.add')}
            </Button>
            <Button variant="default" onClick={() => setImporting(true)}>
              {t('stock.import.title')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  } else {
    body = (
      <>
        {wide ? (
          <Table.ScrollContainer minWidth={640}>
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
                {products.data.map((p) => (
                  <Table.Tr
                    key={p.id}
                    data-testid={`product-row-${p.code}`}
                    style={{ cursor: 'pointer' }}
                    tabIndex={0}
                    onClick={() => setEditing(p)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') setEditing(p);
                    }}
                  >
                    <Table.Td>{nameCell(p)}</Table.Td>
                    <Table.Td ta="right">{money(p.price)}</Table.Td>
                    {shown.map((l) => (
                      <Table.Td key={l.id} ta="right" data-testid={`level-${p.code}-${l.name}`}>
                        {formatQuantity(level(p, l.id))}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600} data-testid={`total-${p.code}`}>
                      {formatQuantity(p.on_hand)} {t(`stock.units.${p.unit}`)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="sm" data-testid="products-cards">
            {products.data.map((p) => (
              <Card
                key={p.id}
                withBorder
                padding="sm"
                component="button"
                onClick={() => setEditing(p)}
                style={{ textAlign: 'left' }}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  {nameCell(p)}
                  <Stack gap={0} align="flex-end">
                    <Text fw={700}>
                      {formatQuantity(p.on_hand)} {t(`stock.units.${p.unit}`)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {money(p.price)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={6} mt={6}>
                  {shown.map((l) => (
                    <Badge key={l.id} variant="default" size="sm" tt="none">
                      {l.name}: {formatQuantity(level(p, l.id))}
                    </Badge>
                  ))}
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('menu.stock')}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              component="a"
              href="/api/products/export.csv"
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('stock.export')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              {t('stock.import.title')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('stock.product.add')}
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            aria-label={t('stock.filter.search')}
            placeholder={t('stock.filter.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            aria-label={t('stock.product.category')}
            placeholder={t('stock.filter.allCategories')}
            data={categories.data ?? []}
            value={category}
            onChange={setCategory}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Select
            aria-label={t('stock.doc.location')}
            placeholder={t('stock.filter.allLocations')}
            data={(locations.data ?? []).filter((l) => l.active).map((l) => ({ value: l.id, label: l.name }))}
            value={location}
            onChange={setLocation}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          <Switch
            label={t('stock.filter.low')}
            checked={low}
            onChange={(e) => setLow(e.currentTarget.checked)}
          />
          <Switch
            label={t('stock.filter.inactive')}
            checked={inactive}
            onChange={(e) => setInactive(e.currentTarget.checked)}
          />
        </Group>
        {body}
      </Paper>
      {editing !== null && (
        <ProductDrawer
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ImportDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
