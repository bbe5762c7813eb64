import { useQueryClient } from '@tanstack/react-query';
import type { SessionData } from '@duka/domain';
import { storeUserImage } from '../../lib/session-storage';
import { ME_QUERY_KEY } from '../auth';

/** After an image change, the session and the stored `ut` follow the new name (seed spec §4). */
export function useApplyUserImage(): (img: string) => void {
  const qc = useQueryClient();
  return (img: string) => {
    storeUserImage(img);
    qc.setQueryData<SessionData | null>(ME_QUERY_KEY, (s) => (s ? { ...s, user: { ...s.user, img } } : s));
  };
}
