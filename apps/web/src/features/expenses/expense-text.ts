import { type Expense, dateTimeFormat } from '@duka/domain';
import { useTranslation } from 'react-i18next';

/** An expense's day, how it was paid, and its note (a void's reason), in the user's language. */
export function useExpenseText() {
  const { t, i18n } = useTranslation();
  return {
    /** A business day (YYYY-MM-DD) written for the language. */
    day: (day: string) =>
      dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
    methodText: (x: Expense) =>
      x.method === 'cash'
        ? t('debtors.methods.cash')
        : [t('debtors.methods.transfer'), x.provider_name, x.reference].filter(Boolean).join(' · '),
    noteText: (x: Expense) => (x.voids_id ? t('expenses.voidReasonText', { reason: x.note }) : x.note || ''),
  };
}
