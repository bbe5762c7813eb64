import type { Business } from '@duka/domain';

/** A business profile as the server answers it, for the session's business, with `overrides`. */
export function businessOf(id: string, overrides: Partial<Business> = {}): Business {
  return {
    id,
    name: 'Mama Mboga Supermarket',
    logo: null,
    address: '',
    phone: '',
    email: '',
    tax_number: '',
    currency: 'KES',
    timezone: 'Africa/Nairobi',
    language: 'en',
    receipt_header: '',
    receipt_footer: '',
    payment_details: {
      mpesa_paybill: '',
      mpesa_account: '',
      mpesa_till: '',
      bank_name: '',
      bank_account: '',
      other: '',
    },
    online_offline: 1,
    two_way_sync: false,
    require_approved_devices: false,
    allow_negative_stock: false,
    max_discount_bp: 1000,
    default_credit_limit: 0,
    receipt_width: 80,
    receipt_columns: 48,
    tax_name: '',
    week_start: 1,
    printer_host: '',
    printer_port: 9100,
    updated_at: '2026-11-25T07:05:00.000Z',
    ...overrides,
  };
}
