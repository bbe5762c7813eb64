import './styles';
import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits, marginOf, numberFormat } from '@duka/domain';
import { typedMoney, typedPercent } from '../../lib/typed-number';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import type { ProductForm } from './use-product-form';

/**
 * "KES 30.00 (16.7 %)": a margin's amount and its share of the price, for the language; with a tax
 * rate, on the price without the tax inside it, as the profit report counts it.
 */
export function useMarginText() {
  const { t, i18n } = useTranslation();
  const { money, signedMoney } = useFormat(useSession().business);
  return (price: number, buying: number, tax: number): { text: string; loss: boolean } | null => {
    const m = marginOf(price, buying, tax);
    if (!m) return null;
    const pct = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
      m.bp / 10_000,
    );
    // a loss with a true minus sign, as every signed amount (`signedMoney`)
    const words = {
      amount: m.amount < 0 ? signedMoney(m.amount) : money(m.amount),
      percent: pct.replace('-', '−'),
    };
    return {
      text: tax > 0 ? t('stock.product.marginWithoutTax', words) : t('stock.product.margin', words),
      loss: m.amount < 0,
    };
  };
}

/**
 * The buying price the owner pays for one unit; under it, the margin the selling price leaves
 * (live, as typed), red when the product sells at a loss.
 */
export function BuyingPriceField({
  form: { v, set, errors },
}: {
  form: Pick<ProductForm, 'v' | 'set' | 'errors'>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const marginText = useMarginText();
  const price = typedMoney(v.price, digits);
  const buying = typedMoney(v.buying, digits);
  const margin =
    price !== null && buying !== null ? marginText(price, buying, typedPercent(v.tax) ?? 0) : null;
  return (
    <TextInput
      label={t('stock.product.buyingPrice')}
      inputMode="decimal"
      leftSection={<Text size="xs">{session.business.currency}</Text>}
      leftSectionWidth={44}
      value={v.buying}
      error={errors.buying_price}
      onChange={(e) => set('buying', e.currentTarget.value)}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        margin ? (
          <Text span size="xs" c={margin.loss ? 'red' : undefined} data-testid="product-margin">
            {margin.text}
          </Text>
        ) : (
          t('stock.product.buyingPriceHint')
        )
      }
    />
  );
}
