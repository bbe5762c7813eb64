import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BusinessUpdate, businessSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { storeShopDetails } from '../../lib/session-storage';
import { ME_QUERY_KEY } from '../auth';

export const BUSINESS_KEY = ['business-profile'] as const;
/** The business's image storage (used and cap), on the profile page. */
export const IMAGE_STORAGE_KEY = ['files', 'usage'] as const;

export function useBusinessProfile() {
  return useQuery({
    queryKey: BUSINESS_KEY,
    queryFn: () => api('/api/business/profile', { schema: businessSchema }),
  });
}

/** Saving the profile also refreshes the session, whose business and shop details it changes. */
export function useSaveBusiness() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessUpdate) =>
      api('/api/business/profile', { method: 'PATCH', body, schema: businessSchema }),
    onSuccess: (data) => {
      qc.setQueryData(BUSINESS_KEY, data);
      // the app's hosted-mode rule reads the stored shop details: switching the setting takes effect now
      storeShopDetails({ name: data.name, online_offline: data.online_offline ? '1' : '0' });
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useSetLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (img: string | null) =>
      img
        ? api('/api/business/logo', { method: 'PUT', body: { img } })
        : api('/api/business/logo', { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: BUSINESS_KEY });
      void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void qc.invalidateQueries({ queryKey: IMAGE_STORAGE_KEY });
    },
  });
}
