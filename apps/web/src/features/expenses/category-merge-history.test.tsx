import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ExpenseCategory } from '@duka/domain';
import { fakeServer as fakeHistoryServer, json, loss, stubFonts } from '../../test/history-fixtures';
import { makeSession, renderApp } from '../../test/render';
import { ExpensesPage } from './expenses-page';

/** An expense category's replaced values (ADR 11 §11.1): in the dialog that renames it, for an admin. */

const category: ExpenseCategory = {
  id: '0190b1a0-0000-7000-8000-0000000000e2',
  name: 'Shop rent',
  active: true,
};

const fakeServer = () =>
  fakeHistoryServer(
    {
      [`expense_category/${category.id}`]: [
        loss('c1', 'name', { name: 'Shop rents' }, { name: 'Shop rent' }),
      ],
    },
    // The page's list is not tested here: it is refused, quietly.
    (url) =>
      url === '/api/expense-categories'
        ? [category]
        : url.startsWith('/api/expenses?')
          ? json({ error: { code: 'not_found', message: 'Not here' } }, 404)
          : undefined,
    [],
  );

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("an expense category's replaced values", () => {
  it('are in the dialog that renames it', async () => {
    fakeServer();
    await renderApp(<ExpensesPage />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Categories' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Shop rent' }));
    const dialog = await screen.findByRole('dialog');
    const section = within(dialog).getByRole('region', { name: 'Replaced values' });
    expect((await within(section).findByTestId('merge-history')).textContent).toMatch(
      /^Category name Shop rents set on Branch B at .+ was replaced by Shop rent set here at .+\.$/,
    );
  });

  it('are not asked for until a category is opened', async () => {
    const asked = fakeServer();
    await renderApp(<ExpensesPage />, { session: makeSession({ role: 'admin' }) });
    fireEvent.click(await screen.findByRole('tab', { name: 'Categories' }));
    expect(await screen.findByTestId('categories-Shop rent')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Replaced values' })).toBeNull();
    expect(asked.filter((u) => u.startsWith('/api/history'))).toEqual([]);
  });
});
