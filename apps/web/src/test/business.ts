import type { Business } from '@duka/domain';
import { vi } from 'vitest';
import { json } from './history-fixtures';

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

/**
 * Stubs fetch as the profile page meets the server: the profile, an empty history, 404 for the
 * rest. A save answers what it was sent over the profile, or `refuse` (a 422 on its field) when
 * given. Returns the saves' bodies.
 */
export function fakeProfileServer(
  profile: Business,
  refuse?: { field: string; message: string },
): Record<string, unknown>[] {
  const saves: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/business/profile' && init?.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        saves.push(body);
        if (refuse) return Promise.resolve(json({ error: { code: 'validation_failed', ...refuse } }, 422));
        return Promise.resolve(json({ ...profile, ...body, updated_at: '2026-11-25T08:00:00.000Z' }));
      }
      if (url === '/api/business/profile') return Promise.resolve(json(profile));
      if (url.startsWith('/api/history')) return Promise.resolve(json({ items: [] }));
      return Promise.resolve(json({ error: { code: 'not_found', message: 'Not here' } }, 404));
    }),
  );
  return saves;
}
