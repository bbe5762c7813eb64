import type { StockCount } from '@duka/domain';
import { SHOP } from './locations';

/** An open count at the main shop, as GET /api/stock-counts/:id answers it, with these totals. */
export function openCount(id: string, counted: StockCount['counted'] = []): StockCount {
  return {
    id,
    location_id: SHOP.id,
    status: 'open',
    freeze_sales: false,
    note: '',
    started_by: null,
    started_at: '2026-12-01T08:00:00.000Z',
    closed_at: null,
    counted,
  };
}
