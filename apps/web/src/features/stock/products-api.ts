import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { answerCheck } from '../../lib/answer-checks';

// The products and locations the till reads at start, checked without zod (lib/answer-checks.ts).

export interface ProductFilter {
  q?: string;
  category?: string;
  location_id?: string;
  low_stock?: boolean;
  include_inactive?: boolean;
  limit?: number;
}

export function productsUrl(f: ProductFilter): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.category) p.set('category', f.category);
  if (f.location_id) p.set('location_id', f.location_id);
  if (f.low_stock) p.set('low_stock', 'true');
  if (f.include_inactive) p.set('include_inactive', 'true');
  p.set('limit', String(f.limit ?? 200));
  return `/api/products?${p.toString()}`;
}

export const fetchProducts = (f: ProductFilter, signal?: AbortSignal) =>
  api(productsUrl(f), { schema: answerCheck('products'), signal });

export function useProducts(f: ProductFilter) {
  return useQuery({ queryKey: ['products', f], queryFn: ({ signal }) => fetchProducts(f, signal) });
}

/** Every location of the business (the till asks for them at start: main.tsx). */
export const locationsQuery = {
  queryKey: ['locations'],
  queryFn: () => api('/api/locations', { schema: answerCheck('locations') }),
};

export function useAllLocations() {
  return useQuery(locationsQuery);
}
