import { useQuery } from '@tanstack/react-query';
import { type Dashboard, dashboardSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

/** The whole dashboard in one request (admin); refreshed every minute while it is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['reports', 'dashboard'],
    queryFn: ({ signal }) => api('/api/reports/dashboard', { schema: dashboardSchema, signal }),
    refetchInterval: 60_000,
  });
}

export type DashboardDay = Dashboard['days'][number];

/** The last `n` of the 30 days (oldest first), for the 7- or 30-day chart. */
export function lastDays(days: readonly DashboardDay[], n: number): DashboardDay[] {
  return days.slice(Math.max(0, days.length - n));
}

/** Each top product's share of the best one's sales, for the bar under it (0…1). */
export function shares<T extends { net: number }>(items: readonly T[]): (T & { share: number })[] {
  const max = Math.max(0, ...items.map((i) => i.net));
  return items.map((i) => ({ ...i, share: max > 0 ? Math.max(0, i.net) / max : 0 }));
}
