import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Product, currencyMinorDigits, quantityFitsUnit } from '@duka/domain';
import { quantityText, typedMoney, typedPercent, typedQuantity } from '../../lib/typed-number';
import { isIdConflict } from '../../lib/api-error';
import {
  isRefusal,
  keyedWriteText,
  notifyApiError,
  notifySuccess,
  notifyWarning,
  serverMessage,
} from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { uploadImage } from '../profile';
import { moneyText } from './line-entry/shared-lines';
import { pct } from './product-history';
import { useSaveProduct } from './stock-api';

export interface ProductValues {
  name: string;
  code: string;
  barcodes: string[];
  category: string;
  unit: string;
  price: string;
  buying: string;
  tax: string;
  reorder: string;
  image: string | null;
  active: boolean;
}

const FIELDS = [
  'name',
  'code',
  'barcodes',
  'category',
  'price',
  'buying_price',
  'tax_rate',
  'reorder_level',
  // kept once stock has moved in it (unit_in_use)
  'unit',
  // refused while a location holds its stock (product_holds_stock)
  'active',
];

/** The product form: its values as typed, checking and saving them, the image upload, the refusals. */
export function useProductForm(product: Product | null, onSaved: () => void) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const save = useSaveProduct();
  const qc = useQueryClient();
  const [v, setV] = useState<ProductValues>(() => initialValues(product, digits));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // a new product's id: kept across retries until it is created
  const [newId, setNewId] = useState(() => uuidv7());
  const set = <K extends keyof ProductValues>(k: K, value: ProductValues[K]) =>
    setV((o) => ({ ...o, [k]: value }));
  // said under the reorder level as it is typed; Save waits until it is whole
  const reorderWhole = reorderNotWholeWords(t, v, product);

  const submit = async () => {
    const e: Record<string, string> = {};
    const price = typedMoney(v.price, digits);
    const buying = typedMoney(v.buying || '0', digits);
    const tax = typedPercent(v.tax);
    const reorder = typedQuantity(v.reorder || '0');
    if (!v.name.trim()) e.name = t('stock.doc.required');
    if (!v.code.trim()) e.code = t('stock.doc.required');
    if (price === null || price < 0) e.price = t('stock.line.badCost');
    if (buying === null || buying < 0) e.buying_price = t('stock.line.badCost');
    if (tax === null) e.tax_rate = t('stock.product.badTax');
    if (reorder === null || reorder < 0) e.reorder_level = t('stock.product.badReorder');
    setErrors(e);
    setFormError(null);
    if (Object.keys(e).length || reorderWhole) return;
    const body = {
      name: v.name.trim(),
      code: v.code.trim(),
      barcodes: v.barcodes,
      category: v.category.trim(),
      unit: v.unit as Product['unit'],
      price: price!,
      buying_price: buying!,
      tax_rate: tax!,
      reorder_level: reorder!,
      image: v.image,
      active: v.active,
      ...(product ? {} : { id: newId }),
    };
    try {
      await save.mutateAsync({ id: product?.id ?? null, body });
      if (!product) setNewId(uuidv7());
      notifySuccess(
        product
          ? t('stock.product.updated', { name: body.name })
          : t('stock.product.created', { name: body.name }),
      );
      onSaved();
    } catch (err) {
      if (!product && isIdConflict(err)) {
        // created under this id with the details first sent, while the answer was lost: that one stands
        setNewId(uuidv7());
        notifyWarning(t('errors.createdEarlier'));
        void qc.invalidateQueries({ queryKey: ['products'] });
        return onSaved();
      }
      const placed = placeRefusal(err, t);
      if (placed.field) setErrors({ [placed.field]: placed.message });
      setFormError(formErrorOf(placed, product, t));
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

  return { v, set, errors, reorderWhole, formError, uploading, saving: save.isPending, submit, pickImage };
}

export type ProductForm = ReturnType<typeof useProductForm>;

/** Which barcode was refused and why, when the server named it (an older one did not). */
function barcodeWords(params: Record<string, unknown> | undefined, t: TFunction): string {
  const barcode = typeof params?.barcode === 'string' ? params.barcode : null;
  if (!barcode) return t('stock.product.barcodeTaken');
  const key =
    params?.why === 'twice'
      ? 'stock.product.barcodeTwice'
      : params?.why === 'code'
        ? 'stock.product.barcodeIsCode'
        : 'stock.product.barcodeTakenNamed';
  return t(key, { barcode });
}

/** Which product's code or barcode the code clashes with, when the server named it (an older one did not). */
function codeWords(params: Record<string, unknown> | undefined, t: TFunction): string {
  const code = typeof params?.code === 'string' ? params.code : null;
  if (!code) return t('stock.product.codeTaken');
  return t(params?.why === 'barcode' ? 'stock.product.codeIsBarcode' : 'stock.product.codeTakenNamed', {
    code,
  });
}

/** A refused save: the field it names (a barcode's is the barcodes'), and its words. */
function placeRefusal(err: unknown, t: TFunction): { field?: string; message: string } {
  if (!(isRefusal(err) && err.field)) return { message: keyedWriteText(err) };
  const field = err.field.startsWith('barcodes') ? 'barcodes' : err.field;
  const message =
    err.code === 'code_taken'
      ? codeWords(err.params, t)
      : err.code === 'barcode_taken'
        ? barcodeWords(err.params, t)
        : serverMessage(err);
  return { field, message };
}

/**
 * What the reorder level's field says of a fraction of a unit counted in whole pieces (0.5
 * "pair"), as the server refuses it: a new product's, or one whose level or unit is changed (a
 * level kept from before the rule stays while neither is). Null: nothing to say.
 */
function reorderNotWholeWords(t: TFunction, v: ProductValues, product: Product | null): string | null {
  const level = typedQuantity(v.reorder || '0');
  if (level === null || (product && level === product.reorder_level && v.unit === product.unit)) return null;
  return quantityFitsUnit(level, v.unit)
    ? null
    : t('stock.line.notWhole', { unit: t(`stock.units.${v.unit}`) });
}

/** What a refused save says above the form (null: its field says it all). */
function formErrorOf(placed: { field?: string; message: string }, product: Product | null, t: TFunction) {
  if (!placed.field || !FIELDS.includes(placed.field)) return placed.message;
  // a deactivation or a unit refused refuses the whole save: a price changed with it was not saved either
  if (placed.field === 'active' && product) return t('stock.product.nothingSaved');
  if (placed.field === 'unit' && product)
    return t('stock.product.nothingSavedUnit', { unit: t(`stock.units.${product.unit}`) });
  return null;
}

/** The product's values as text to edit, or a new product's defaults. */
function initialValues(product: Product | null, digits: number): ProductValues {
  return {
    name: product?.name ?? '',
    code: product?.code ?? '',
    barcodes: product?.barcodes ?? [],
    category: product?.category ?? '',
    unit: product?.unit ?? 'each',
    price: product ? moneyText(product.price, digits) : '',
    buying: product && product.buying_price > 0 ? moneyText(product.buying_price, digits) : '',
    tax: product ? pct(product.tax_rate) : '0',
    reorder: product ? quantityText(product.reorder_level) : '0',
    image: product?.image ?? null,
    active: product?.active ?? true,
  };
}
