/**
 * An expense, or its void, whose answer is lost: never recorded twice, never said to be unsaved,
 * and a changed form meeting what is stored under its id is told so.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { Expense } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { SHOP } from '../../test/locations';
import { makeSession, renderApp } from '../../test/render';
import { useExpenseForm } from './use-expense-form';
import { VoidDialog } from './void-dialog';

const RENT = { id: '0190b1a0-0000-7000-8000-0000000000c1', name: 'Rent', active: true };

const expense = (body: Record<string, unknown>): Expense => ({
  id: String(body.id),
  date: (body.date as string | undefined) ?? '2026-12-01',
  category_id: RENT.id,
  category_name: RENT.name,
  amount: Number(body.amount ?? -100_000),
  method: 'cash',
  location_id: SHOP.id,
  location_name: SHOP.name,
  provider_name: null,
  reference: null,
  note: (body.note as string | undefined) ?? '',
  image: null,
  voids_id: null,
  voided_by_id: null,
  user_name: 'Wanjiku Staff',
  created_at: '2026-12-01T08:00:00.000Z',
});

function expenseServer() {
  return keyedServer({
    write: (url, body) => (url.startsWith('/api/expenses') ? expense(body) : undefined),
    readId: (url) => url.match(/^\/api\/expenses\/([^/?]+)$/)?.[1] ?? null,
    other: (url) => (url === '/api/locations' ? [SHOP] : url === '/api/expense-categories' ? [RENT] : []),
  });
}

beforeAll(() => {
  // a Textarea's autosize listens to the document's fonts, which jsdom lacks
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an expense whose answer is lost', () => {
  it('says it may already be saved; changed, the 409 names what was recorded and the form goes on under a new id', async () => {
    const srv = expenseServer();
    const onDone = vi.fn();
    const { result } = renderHook(() => useExpenseForm(onDone), { wrapper: await hookWrapper() });
    await waitFor(() => expect(result.current.loc).toBe(SHOP.id));
    act(() => {
      result.current.setCategory(RENT.id);
      result.current.setAmount('1000');
    });
    srv.down = true;
    await act(() => result.current.submit());
    expect(srv.stored.size).toBe(1);
    expect(result.current.formError).toBe(NO_ANSWER_WORDS);
    srv.down = false;
    act(() => result.current.setAmount('100'));
    await act(() => result.current.submit());
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.warning).toMatch(/already recorded \(KES\s1,000\.00, Rent, /);
    await act(() => result.current.submit());
    expect(onDone).toHaveBeenCalled();
    expect(idsOf(srv)).toHaveLength(2);
    expect(srv.stored.size).toBe(2);
  });
});

describe('voiding an expense whose answer is lost', () => {
  it('says it may already be saved; with another reason, the 409 closes the dialog with a word, never as a refusal', async () => {
    const srv = expenseServer();
    const onClose = vi.fn();
    const target = expense({ id: '0190b1a0-0000-7000-8000-0000000000e1', amount: 100_000 });
    await renderApp(<VoidDialog expense={target} onClose={onClose} />, { session: makeSession() });
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    // its day as the language writes it (it read 2026-12-06 in every language)
    expect(screen.getByTestId('void-explainer').textContent).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${target.date}T00:00:00Z`),
      ),
    );
    expect(screen.getByTestId('void-explainer').textContent).not.toContain(target.date);
    fireEvent.change(reason, { target: { value: 'Typed twice' } });
    srv.down = true;
    fireEvent.click(screen.getByRole('button', { name: 'Void expense' }));
    expect(await screen.findByText(NO_ANSWER_WORDS)).toBeInTheDocument();
    srv.down = false;
    fireEvent.change(reason, { target: { value: 'Entered twice by mistake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Void expense' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(/This Rent expense was already voided/)).toBeInTheDocument();
    expect(srv.stored.size).toBe(1);
  });
});
