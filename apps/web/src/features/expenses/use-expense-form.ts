import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { currencyMinorDigits, daySchema, isAdminRole } from '@duka/domain';
import { typedMoney } from '../../lib/typed-number';
import { todayIn } from '../../lib/date-range';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, refusalField } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllowedLocations } from '../stock';
import { useProviders } from '../transfers';
import { fetchExpense, useExpenseCategories, useRecordExpense } from './expenses-api';

const FIELDS = [
  'date',
  'category_id',
  'amount',
  'provider_id',
  'reference',
  'location_id',
  'note',
  'img',
  'image',
];

/** A new expense as typed (day, category, amount, how paid, location, note, slip), checked and recorded. */
export function useExpenseForm(onDone: () => void) {
  const { t } = useTranslation();
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const categories = useExpenseCategories();
  const providers = useProviders();
  const locations = useAllowedLocations();
  const record = useRecordExpense();
  const f = useExpenseValues(todayIn(session.business.timezone), locations.home);
  const earlier = useEarlierExpense(f);

  const submit = async () => {
    const e: Record<string, string> = {};
    const minor = typedMoney(f.amount, digits);
    // a text in the day field that is no day: the field names it, and the day before is not saved
    if (f.dateWrong || !daySchema.safeParse(f.date).success) e.date = t('expenses.errors.date');
    else if (f.date > f.today) e.date = t('expenses.errors.futureDate');
    if (!f.category) e.category_id = t('expenses.errors.category');
    if (minor === null || minor <= 0) e.amount = t('debtors.errors.amount');
    if (!f.loc) e.location_id = t('debtors.errors.location');
    if (f.method === 'transfer' && !f.provider) e.provider_id = t('transfers.errors.provider');
    f.setErrors(e);
    f.setFormError(null);
    f.setWarning(null);
    if (Object.keys(e).length) return;
    const reference = f.reference.trim();
    try {
      const saved = await record.mutateAsync({
        id: f.id,
        date: f.date,
        category_id: f.category!,
        amount: minor!,
        method: f.method,
        location_id: f.loc!,
        note: f.note.trim(),
        image: f.image,
        ...(f.method === 'transfer' ? { provider_id: f.provider!, ...(reference ? { reference } : {}) } : {}),
      });
      notifySuccess(t('expenses.created', { amount: money(saved.amount), category: saved.category_name }));
      onDone();
    } catch (err) {
      if (isIdConflict(err) && (await earlier.recorded())) return;
      const field = refusalField(err);
      const msg = keyedWriteText(err, {
        'validation_failed:date': t('expenses.errors.futureDate'),
        'validation_failed:category_id': t('expenses.errors.category'),
        'validation_failed:provider_id': t('transfers.errors.provider'),
        'validation_failed:img': t('expenses.errors.slip'),
        'validation_failed:image': t('expenses.errors.slip'),
        location_not_allowed: t('debtors.errors.location'),
      });
      if (field && FIELDS.includes(field)) f.setErrors({ [field === 'img' ? 'image' : field]: msg });
      else f.setFormError(msg);
    }
  };

  return {
    ...f,
    admin: isAdminRole(session.user.role),
    categories,
    providers,
    locations,
    saving: record.isPending || earlier.asking,
    submit,
  };
}

export type ExpenseFormState = ReturnType<typeof useExpenseForm>;

/** The values typed; the location defaults to the user's home. */
function useExpenseValues(today: string, home: string) {
  // The expense's id is its idempotency key: kept across retries until it succeeds (or a 409 says
  // an earlier version of the form was recorded under it).
  const [id, setId] = useState(() => uuidv7());
  const [date, setDate] = useState(today);
  const [dateWrong, setDateWrong] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<'cash' | 'transfer'>('cash');
  const [provider, setProvider] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  return {
    id,
    setId,
    warning,
    setWarning,
    today,
    date,
    setDate,
    dateWrong,
    setDateWrong,
    category,
    setCategory,
    amount,
    setAmount,
    method,
    setMethod,
    provider,
    setProvider,
    reference,
    setReference,
    loc: location ?? (home || null),
    setLocation,
    note,
    setNote,
    image,
    setImage,
    errors,
    setErrors,
    formError,
    setFormError,
  };
}

/**
 * 409: an expense is already stored under the form's id with another body: an earlier version of
 * this form, recorded while its answer was lost. It stands as it is, and is named; the form is kept
 * under a new id, to be saved only if that was spent as well. Answers whether it was dealt with
 * (not when the stored expense could not be fetched: the id stays, so nothing is recorded twice).
 */
function useEarlierExpense(f: ReturnType<typeof useExpenseValues>) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { money } = useFormat(useSession().business);
  const [asking, setAsking] = useState(false);
  const recorded = async (): Promise<boolean> => {
    setAsking(true);
    const stored = await fetchExpense(f.id)
      .catch((e: unknown) => {
        console.error('Fetching the expense stored under this id failed', e);
        return null;
      })
      .finally(() => setAsking(false));
    if (!stored) return false;
    f.setId(uuidv7());
    void qc.invalidateQueries({ queryKey: ['expenses'] });
    f.setWarning(
      t('expenses.errors.earlierRecorded', {
        amount: money(stored.amount),
        category: stored.category_name,
        date: stored.date,
      }),
    );
    return true;
  };
  return { asking, recorded };
}
