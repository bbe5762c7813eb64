import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Transfer } from '@duka/domain';
import { makeSession, renderApp } from '../../test/render';
import { TransferCards } from './transfers-table';

const LONG = 'VERYLONGREFERENCE1234567890ABCDEFGHIJ';
const row: Transfer = {
  id: 't1',
  source: 'sale',
  source_id: 's1',
  receipt_no: '000123',
  provider_id: 'p1',
  provider_name: 'M-Pesa',
  reference: LONG,
  amount: 14_902_707,
  location_id: 'l1',
  location_name: 'Shop',
  user_name: 'Wanjiku',
  business_day: '2026-11-25',
  created_at: '2026-11-25T09:00:00.000Z',
  confirmed_at: null,
  confirmed_by_name: null,
};

describe('a transfer on a phone', () => {
  // a reference with no space pushed the amount beside it off a 390 px screen
  it('breaks a long reference anywhere, so the amount beside it stays in sight', async () => {
    await renderApp(<TransferCards rows={[row]} admin={false} confirming={null} onConfirm={() => {}} />, {
      session: makeSession(),
    });
    const card = screen.getByTestId(`transfer-card-${LONG}`);
    const reference = within(card).getByText(LONG);
    // the whole reference is still there to read and copy, only wrapped
    expect(reference).toHaveTextContent(LONG);
    expect(reference.style.overflowWrap).toBe('anywhere');
    // its column may narrow below the reference's width: the amount keeps its room
    const column = reference.closest('[data-testid^="transfer-card-"] > div > div') as HTMLElement;
    expect(column.style.minWidth).toMatch(/^0(px)?$/);
    expect(within(card).getByText(/KES\s149,027\.07/)).toBeInTheDocument();
  });
});
