import './styles';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { ImportDialog } from './import-dialog';
import { ProductDrawer } from './product-drawer';
import { ProductsFilters } from './products-filters';
import { ProductCards, ProductsTable } from './products-table';
import { type ProductsPageState, useProductsPage } from './use-products-page';
import { useSyncedFromShop } from '../sync';

/** Manage stock (/stock): products with levels per location, filters, add/edit, CSV in and out. */
export function ProductsPage() {
  const { t } = useTranslation();
  // a read-only hosted copy adds and imports nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  const s = useProductsPage();
  const { editing } = s;
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
            {!readOnly && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconFileImport size={16} aria-hidden />}
                  onClick={() => s.setImporting(true)}
                >
                  {t('stock.import.title')}
                </Button>
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => s.setEditing('new')}>
                  {t('stock.product.add')}
                </Button>
              </>
            )}
          </Group>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <ProductsFilters state={s} />
        {s.low && (
          <Text size="xs" c="dimmed" mb="sm" data-testid="low-stock-help">
            {t('stock.help.lowStock')}
          </Text>
        )}
        <ProductsBody state={s} />
      </Paper>
      {editing !== null && (
        <ProductDrawer
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => s.setEditing(null)}
        />
      )}
      <ImportDialog opened={s.importing} onClose={() => s.setImporting(false)} />
    </>
  );
}

/** The list: loading, error, empty (with "add" and "import"), or the table / cards. */
function ProductsBody({ state: s }: { state: ProductsPageState }) {
  const { t } = useTranslation();
  // a table from 768 px, cards below; only one of them in the page
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const { products } = s;
  if (products.isPending)
    return (
      <Stack data-testid="products-loading">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  if (products.isError) return <ListError onRetry={() => void products.refetch()} />;
  if (products.data.length === 0)
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">{s.filtered ? t('stock.product.noMatch') : t('stock.product.empty')}</Text>
        {!s.filtered && (
          <Group>
            <Button variant="light" onClick={() => s.setEditing('new')}>
              {t('stock.product.add')}
            </Button>
            <Button variant="default" onClick={() => s.setImporting(true)}>
              {t('stock.import.title')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  const props = { rows: products.data, shown: s.shown, at: s.location, onOpen: s.setEditing };
  return wide ? <ProductsTable {...props} /> : <ProductCards {...props} />;
}
