import type { Debtor, DebtorPayment } from '@duka/domain';

/** A debtor as the API answers it, for tests (the drawer's, the statement's). */
export const debtorOf = (over: Partial<Debtor> = {}): Debtor => ({
  id: '0190b1a0-0000-7000-8000-0000000000d0',
  name: 'Juma Otieno',
  phone: '',
  id_number: '',
  credit_limit: 100_000,
  balance: 0,
  available: 100_000,
  active: true,
  note: '',
  last_activity_at: '2025-03-02T09:00:00.000Z',
  created_at: '2025-01-01T09:00:00.000Z',
  updated_at: '2025-03-02T09:00:00.000Z',
  ...over,
});

/** A debtor's payment (or a void, or a credit paid out) as the API answers it, in cash at the main shop. */
export const debtorPaymentOf = (
  debtor: Pick<Debtor, 'id' | 'name'>,
  over: Partial<DebtorPayment> = {},
): DebtorPayment => ({
  id: '0190b1a0-0000-7000-8000-0000000000a0',
  receipt_no: '000100',
  debtor_id: debtor.id,
  debtor_name: debtor.name,
  amount: 0,
  method: 'cash',
  location_id: '0190b1a0-0000-7000-8000-0000000000f1',
  location_name: 'Main shop',
  provider_name: null,
  reference: null,
  note: '',
  balance_after: 0,
  user_name: 'Owner',
  business_day: '2025-03-02',
  created_at: '2025-03-03T09:00:00.000Z',
  voids_id: null,
  voided_by_id: null,
  ...over,
});

/** What a statement's entry that is no payment says of payments: nothing. */
export const NO_PAYMENT = {
  method: null,
  provider_name: null,
  reference: null,
  payment_id: null,
  voided: null,
  voids_receipt_no: null,
} as const;
