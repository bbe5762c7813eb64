import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import type { Product } from '@duka/domain';
import { useProducts } from './products-api';
import { useCategories } from './stock-api';
import { useReadableLocations } from './use-allowed-locations';

/** The stock page's state: search, filters, the products, the locations shown, and what is open. */
export function useProductsPage() {
  const [q, setQ] = useState('');
  const [dq] = useDebouncedValue(q.trim(), 250);
  const [category, setCategory] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const { low, setLow } = useLowInAddress();
  const [inactive, setInactive] = useState(false);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const products = useProducts({
    q: dq || undefined,
    category: category ?? undefined,
    location_id: location ?? undefined,
    low_stock: low,
    include_inactive: inactive,
  });
  const categories = useCategories();
  const locations = useReadableLocations();
  return {
    q,
    setQ,
    category,
    setCategory,
    location,
    setLocation,
    low,
    setLow,
    inactive,
    setInactive,
    filtered: !!(dq || category || location || low || inactive),
    products,
    categories,
    locations,
    // the active locations, or the one picked: a column (or a badge) each
    shown: (locations.data ?? []).filter((l) => l.active && (!location || l.id === location)),
    editing,
    setEditing,
    importing,
    setImporting,
  };
}

export type ProductsPageState = ReturnType<typeof useProductsPage>;

/**
 * "Low stock only" lives in the address (`/stock?low=1`), so the dashboard can link to it and a
 * reload keeps it.
 */
function useLowInAddress() {
  const [params, setParams] = useSearchParams();
  const low = params.get('low') === '1';
  const setLow = (on: boolean) =>
    setParams(
      (p) => {
        if (on) p.set('low', '1');
        else p.delete('low');
        return p;
      },
      { replace: true },
    );
  return { low, setLow };
}
