import { type UseFormReturnType, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  type Business,
  type Language,
  currencyMinorDigits,
  isCurrencyCode,
  businessNameSchema,
} from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import { showFirstError } from '../../lib/first-error';
import { ApiError } from '../../lib/api-error';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { makeValidators } from '../../lib/validators';
import { moneyText } from '../stock';
import { printerValidators } from '../printing';
import { useSaveBusiness } from './business-api';
import { bpToPercent, moneyTextFor, percentToBp } from './selling';

type Values = Omit<
  Business,
  'id' | 'logo' | 'updated_at' | 'online_offline' | 'max_discount_bp' | 'default_credit_limit'
> & {
  online_offline: boolean;
  language: Language;
  /** The staff discount limit as typed, a percentage. */
  max_discount: string;
  /** The default credit limit as typed, in major units. */
  credit_limit: string;
};

export type BusinessForm = UseFormReturnType<Values>;

/** Server fields that the form edits under another name. */
const FORM_FIELD: Record<string, string> = {
  max_discount_bp: 'max_discount',
  default_credit_limit: 'credit_limit',
};

/** The business profile form: the business as typed, its checks, and the save (errors on their fields). */
export function useBusinessForm(business: Business) {
  const { t } = useTranslation();
  const v = makeValidators(t);
  const save = useSaveBusiness();
  const {
    id: _id,
    logo: _logo,
    updated_at: _u,
    online_offline,
    max_discount_bp,
    default_credit_limit,
    ...rest
  } = business;
  const form = useForm<Values>({
    initialValues: {
      ...rest,
      online_offline: online_offline === 1,
      max_discount: bpToPercent(max_discount_bp),
      credit_limit: moneyText(default_credit_limit, currencyMinorDigits(business.currency)),
    },
    validate: {
      name: v.text(businessNameSchema),
      phone: v.optionalMobile,
      email: v.optionalEmail,
      max_discount: (x) => (percentToBp(x) === null ? t('business.maxDiscountInvalid') : null),
      credit_limit: (x, all) => {
        const m = typedMoney(x, currencyMinorDigits(all.currency));
        return m === null || m < 0 ? t('business.creditLimitInvalid') : null;
      },
      ...printerValidators(t),
    },
  });

  // The credit limit is shown with the currency's minor digits: a new currency re-shows it for its
  // own, so an untouched "0.00" is "0" in UGX, not an amount with decimals UGX cannot hold.
  form.watch('currency', ({ previousValue, value }) => {
    if (!isCurrencyCode(previousValue) || !isCurrencyCode(value)) return;
    const from = currencyMinorDigits(previousValue);
    const to = currencyMinorDigits(value);
    if (from !== to) form.setFieldValue('credit_limit', (x) => moneyTextFor(x, from, to));
  });

  const submit = form.onSubmit(
    async ({ max_discount, credit_limit, ...values }) => {
      try {
        await save.mutateAsync({
          ...values,
          online_offline: values.online_offline || values.two_way_sync ? 1 : 0,
          max_discount_bp: percentToBp(max_discount) ?? 0,
          default_credit_limit: typedMoney(credit_limit, currencyMinorDigits(values.currency)) ?? 0,
        });
        notifySuccess(t('business.saved'));
        form.resetDirty();
      } catch (err) {
        const raw = err instanceof ApiError ? err.field : undefined;
        const field = raw ? (FORM_FIELD[raw] ?? raw) : undefined;
        if (field && field in form.values) {
          form.setFieldError(field, describeApiError(err));
          showFirstError();
        } else notifyApiError(err);
      }
    },
    () => showFirstError(),
  );

  return { form, submit };
}
