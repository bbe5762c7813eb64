import type { Location } from '@duka/domain';

/** Two locations of a test business, as GET /api/locations answers them. */
export const SHOP: Location = {
  id: '0190a000-0000-7000-8000-000000000001',
  name: 'Main shop',
  active: true,
  home_here: true,
};
export const STALL: Location = {
  id: '0190a000-0000-7000-8000-000000000002',
  name: 'Market stall',
  active: true,
  home_here: true,
};
