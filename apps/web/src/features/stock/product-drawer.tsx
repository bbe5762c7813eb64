import { useState } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Drawer,
  FileButton,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  type Product,
  UNITS,
  currencyMinorDigits,
  formatQuantity,
  parseMoney,
  parseQuantity,
} from '@duka/domain';
import { fileUrl } from '../../components/user-avatar';
import { useFormat } from '../../lib/format';
import { isRefusal, notifyApiError, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { uploadImage } from '../profile';
import { moneyText } from './line-entry/lines';
import { useAllLocations, useCategories, useMovements, usePriceHistory, useSaveProduct } from './stock-api';

interface Values {
  name: string;
  code: string;
  barcodes: string[];
  category: string;
  unit: string;
  price: string;
  tax: string;
  reorder: string;
  image: string | null;
  active: boolean;
}

const pct = (bp: number) => (bp % 100 === 0 ? String(bp / 100) : (bp / 100).toFixed(2));

function History({ product }: { product: Product }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime } = useFormat(session.business);
  const prices = usePriceHistory(product.id);
  const moves = useMovements(product.id);
  const locations = useAllLocations();
  const loc = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? '—';
  const skeleton = (
    <Stack>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={28} />
      ))}
    </Stack>
  );
  return (
    <Tabs defaultValue="moves" keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="moves">{t('stock.product.movements')}</Tabs.Tab>
        <Tabs.Tab value="prices">{t('stock.product.prices')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="moves">
        {moves.isPending ? (
          skeleton
        ) : !moves.data?.length ? (
          <Text c="dimmed">{t('stock.product.noMovements')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
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
                {moves.data.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{dateTime(m.created_at)}</Table.Td>
                    <Table.Td>
                      {t(`stock.kinds.${m.kind}`)}
                      {m.reason ? ` · ${t(`stock.reasons.${m.reason}`, { defaultValue: m.reason })}` : ''}
                    </Table.Td>
                    <Table.Td>{loc(m.location_id)}</Table.Td>
                    <Table.Td ta="right" c={m.quantity < 0 ? 'red' : 'teal'}>
                      {m.quantity > 0 ? '+' : ''}
                      {formatQuantity(m.quantity)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="prices">
        {prices.isPending ? (
          skeleton
        ) : !prices.data?.length ? (
          <Text c="dimmed">{t('stock.product.noPrices')}</Text>
        ) : (
          <Table verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('stock.product.when')}</Table.Th>
                <Table.Th ta="right">{t('stock.product.price')}</Table.Th>
                <Table.Th ta="right">{t('stock.product.tax')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prices.data.map((p) => (
                <Table.Tr key={p.created_at + p.price}>
                  <Table.Td>{dateTime(p.created_at)}</Table.Td>
                  <Table.Td ta="right">{money(p.price)}</Table.Td>
                  <Table.Td ta="right">{pct(p.tax_rate)} %</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

/** Add or edit a product; an existing one also shows its levels, movements and price history. */
export function ProductDrawer({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const categories = useCategories();
  const locations = useAllLocations();
  const save = useSaveProduct();
  const [v, setV] = useState<Values>(() => ({
    name: product?.name ?? '',
    code: product?.code ?? '',
    barcodes: product?.barcodes ?? [],
    category: product?.category ?? '',
    unit: product?.unit ?? 'each',
    price: product ? moneyText(product.price, digits) : '',
    tax: product ? pct(product.tax_rate) : '0',
    reorder: product ? formatQuantity(product.reorder_level) : '0',
    image: product?.image ?? null,
    active: product?.active ?? true,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((o) => ({ ...o, [k]: value }));

  const submit = async () => {
    const e: Record<string, string> = {};
    const price = parseMoney(v.price, digits);
    const tax = parseMoney(v.tax, 2);
    const reorder = parseQuantity(v.reorder || '0');
    if (!v.name.trim()) e.name = t('stock.doc.required');
    if (!v.code.trim()) e.code = t('stock.doc.required');
    if (price === null || price < 0) e.price = t('stock.line.badCost');
    if (tax === null || tax < 0 || tax > 10000) e.tax_rate = t('stock.product.badTax');
    if (reorder === null || reorder < 0) e.reorder_level = t('stock.line.badQty');
    setErrors(e);
    if (Object.keys(e).length) return;
    const body = {
      name: v.name.trim(),
      code: v.code.trim(),
      barcodes: v.barcodes,
      category: v.category.trim(),
      unit: v.unit as Product['unit'],
      price: price!,
      tax_rate: tax!,
      reorder_level: reorder!,
      image: v.image,
      active: v.active,
    };
    try {
      await save.mutateAsync({ id: product?.id ?? null, body });
      notifySuccess(
        product
          ? t('stock.product.updated', { name: body.name })
          : t('stock.product.created', { name: body.name }),
      );
      onClose();
    } catch (err) {
      if (isRefusal(err) && err.field) {
        const field = err.field.startsWith('barcodes') ? 'barcodes' : err.field;
        const msg =
          err.code === 'code_taken'
            ? t('stock.product.codeTaken')
            : err.code === 'barcode_taken'
              ? t('stock.product.barcodeTaken')
              : serverMessage(err);
        setErrors({ [field]: msg });
        if (!['name', 'code', 'barcodes', 'category', 'price', 'tax_rate', 'reorder_level'].includes(field))
          setFormError(msg);
      } else setFormError(serverMessage(err));
    }
  };

  const pickImage = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      set('image', await uploadImage(file));
    } catch (err) {
      notifyApiError(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={product ? t('stock.product.edit') : t('stock.product.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Group>
            <Avatar src={v.image ? fileUrl(v.image) : null} size={64} radius="md" alt="">
              {v.name.slice(0, 2).toUpperCase()}
            </Avatar>
            <FileButton onChange={(f) => void pickImage(f)} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button variant="default" size="xs" loading={uploading} {...props}>
                  {t('stock.product.image')}
                </Button>
              )}
            </FileButton>
            {v.image && (
              <Button variant="subtle" color="red" size="xs" onClick={() => set('image', null)}>
                {t('stock.product.removeImage')}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('stock.product.name')}
              required
              data-autofocus
              value={v.name}
              error={errors.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <TextInput
              label={t('stock.product.code')}
              required
              value={v.code}
              error={errors.code}
              onChange={(e) => set('code', e.currentTarget.value)}
            />
          </SimpleGrid>
          <TagsInput
            label={t('stock.product.barcodes')}
            description={t('stock.product.barcodesHint')}
            value={v.barcodes}
            error={errors.barcodes}
            onChange={(b) => set('barcodes', b)}
            splitChars={[',', ' ']}
            clearable
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('stock.product.category')}
              searchable
              data={[...new Set([...(categories.data ?? []), ...(v.category ? [v.category] : [])])]}
              value={v.category || null}
              onChange={(c) => set('category', c ?? '')}
              onSearchChange={(s) => {
                if (s && !(categories.data ?? []).includes(s)) set('category', s);
              }}
              nothingFoundMessage={t('stock.product.newCategory')}
              clearable
            />
            <Select
              label={t('stock.product.unit')}
              data={UNITS.map((u) => ({ value: u, label: t(`stock.units.${u}`) }))}
              value={v.unit}
              allowDeselect={false}
              onChange={(u) => set('unit', u ?? 'each')}
            />
            <TextInput
              label={t('stock.product.price')}
              required
              inputMode="decimal"
              leftSection={<Text size="xs">{session.business.currency}</Text>}
              leftSectionWidth={44}
              value={v.price}
              error={errors.price}
              onChange={(e) => set('price', e.currentTarget.value)}
            />
            <TextInput
              label={t('stock.product.tax')}
              inputMode="decimal"
              rightSection={<Text size="xs">%</Text>}
              value={v.tax}
              error={errors.tax_rate}
              onChange={(e) => set('tax', e.currentTarget.value)}
            />
            <TextInput
              label={t('stock.product.reorder')}
              inputMode="decimal"
              value={v.reorder}
              error={errors.reorder_level}
              onChange={(e) => set('reorder', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch
            label={t('stock.product.active')}
            checked={v.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {product ? t('common.save') : t('stock.product.create')}
            </Button>
          </Group>
          {product && (
            <>
              <Text fw={600} mt="md">
                {t('stock.product.levels')}
              </Text>
              <Group gap="xs">
                {(locations.data ?? []).map((l) => (
                  <Badge key={l.id} variant="light" size="lg" tt="none" color={l.active ? 'blue' : 'gray'}>
                    {l.name}:{' '}
                    {formatQuantity(product.levels.find((x) => x.location_id === l.id)?.quantity ?? 0)}
                  </Badge>
                ))}
              </Group>
              <Text size="sm" c="dimmed">
                {t('stock.product.avgCost', { cost: money(product.avg_cost) })}
              </Text>
              <History product={product} />
            </>
          )}
        </Stack>
      </form>
    </Drawer>
  );
}
