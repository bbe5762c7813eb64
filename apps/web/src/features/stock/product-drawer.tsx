import './styles';
import {
  Alert,
  Autocomplete,
  Avatar,
  Badge,
  Button,
  Drawer,
  FileButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Product, UNITS } from '@duka/domain';
import { pickFirstOnEnter } from '../../components/pick-first-on-enter';
import { fileUrl } from '../../components/user-avatar';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { ProductHistory } from './product-history';
import { BuyingPriceField } from './product-margin';
import { useAllLocations } from './products-api';
import { useCategories } from './stock-api';
import { type ProductForm, useProductForm } from './use-product-form';
import { VerticalScroll } from '../../components/vertical-scroll';

/** Add or edit a product; an existing one also shows its levels, movements and price history. */
export function ProductDrawer({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useProductForm(product, onClose);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={product ? t('stock.product.edit') : t('stock.product.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      scrollAreaComponent={VerticalScroll}
    >
      {/* the form's own checks say what is missing beside each field, in the user's language; the
          browser's bubble (its language, not the app's) stays away */}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void f.submit();
        }}
      >
        <Stack>
          <ImageRow form={f} />
          <ProductFields form={f} />
          {f.formError && (
            <Alert color="red" role="alert">
              {f.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={f.saving} disabled={!!f.reorderWhole}>
              {product ? t('common.save') : t('stock.product.create')}
            </Button>
          </Group>
          {product && <ProductLevels product={product} />}
        </Stack>
      </form>
    </Drawer>
  );
}

/** The product's picture (or its initials), to upload or remove. */
function ImageRow({ form: { v, set, uploading, pickImage } }: { form: ProductForm }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Name, code, barcodes, category, unit, price, tax, reorder level, active. */
function ProductFields({ form }: { form: ProductForm }) {
  const { t } = useTranslation();
  const { v, set, errors } = form;
  return (
    <>
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
      <SellingFields form={form} />
      <Switch
        label={t('stock.product.active')}
        checked={v.active}
        error={errors.active}
        onChange={(e) => set('active', e.currentTarget.checked)}
      />
    </>
  );
}

/** Category (or a new one typed in), unit, price, buying price (and the margin), tax and reorder level. */
function SellingFields({ form: { v, set, errors, reorderWhole } }: { form: ProductForm }) {
  const { t } = useTranslation();
  const session = useSession();
  const categories = useCategories();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {/* free text with the categories as suggestions: the start of a name, ArrowDown and Enter choose
          one; a name not there yet is a new category */}
      <Autocomplete
        label={t('stock.product.category')}
        data={categories.data ?? []}
        value={v.category}
        onChange={(c) => set('category', c)}
        clearable
        onKeyDown={pickFirstOnEnter}
      />
      <Select
        label={t('stock.product.unit')}
        data={UNITS.map((u) => ({ value: u, label: t(`stock.units.${u}`) }))}
        value={v.unit}
        error={errors.unit}
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
      <BuyingPriceField form={{ v, set, errors }} />
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
        error={errors.reorder_level ?? reorderWhole}
        onChange={(e) => set('reorder', e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}

/** An existing product: its level at each location, its average cost, and its history. */
function ProductLevels({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { money, quantity } = useFormat(useSession().business);
  const locations = useAllLocations();
  return (
    <>
      <Text fw={600} mt="md">
        {t('stock.product.levels')}
      </Text>
      <Group gap="xs">
        {(locations.data ?? []).map((l) => (
          <Badge key={l.id} variant="light" size="lg" tt="none" color={l.active ? 'blue' : 'gray'}>
            {l.name}: {quantity(product.levels.find((x) => x.location_id === l.id)?.quantity ?? 0)}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed" data-testid="product-cost">
        {/* no average cost yet: the buying price is what sales and found stock are costed at (incomingCost) */}
        {product.avg_cost === 0 && product.buying_price > 0
          ? t('stock.product.costFromBuying', { cost: money(product.buying_price) })
          : t('stock.product.avgCost', { cost: money(product.avg_cost) })}
      </Text>
      <ProductHistory product={product} />
    </>
  );
}
