import { useState } from 'react';
import type { Expense } from '@duka/domain';
import { type RangeChoice, choose, rangeOf, todayIn } from '../../lib/date-range';
import { useSession } from '../../lib/session-context';
import { type ExpenseFilter, useExpenses } from './expenses-api';

export const EXPENSES_PAGE_SIZE = 50;

/** The expenses list's state: period, filters, page, the list, and the expense being voided. */
export function useExpensesList() {
  const session = useSession();
  const today = todayIn(session.business.timezone);
  const [range, setRange] = useState<RangeChoice>(() => choose('month', today));
  const [category, setCategory] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [voiding, setVoiding] = useState<Expense | null>(null);
  const expenses = useExpenses({
    ...rangeOf(range, today),
    category_id: category ?? undefined,
    location_id: location ?? undefined,
    method: (method ?? undefined) as ExpenseFilter['method'],
    limit: EXPENSES_PAGE_SIZE,
    offset: (page - 1) * EXPENSES_PAGE_SIZE,
  });
  // Any change of period or filter starts again at page 1.
  const on =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  return {
    today,
    range,
    setRange: on(setRange),
    category,
    setCategory: on(setCategory),
    location,
    setLocation: on(setLocation),
    method,
    setMethod: on(setMethod),
    filtered: !!(category || location || method || range.preset !== 'all'),
    page,
    setPage,
    expenses,
    voiding,
    setVoiding,
  };
}

export type ExpensesListState = ReturnType<typeof useExpensesList>;
