import { IconAlertTriangle, IconCloudX } from '@tabler/icons-react';
import { useDiskFullSince } from '../storage';
import { useSyncNotices } from '../sync';
import { useAttention } from './attention';

/** Everything the bell counts: what needs the owner's attention, and sync problems. */
export function useNotices() {
  const attention = useAttention().map((a) => ({
    ...a,
    icon: IconAlertTriangle,
    testId: `notice-${a.id}`,
  }));
  const sync = useSyncNotices().map((n) => ({
    id: n.id,
    text: n.text,
    to: '/profile#sync',
    color: 'red',
    icon: IconCloudX,
    testId: `notice-sync-${n.id}`,
  }));
  const diskFullSince = useDiskFullSince();
  return {
    attention,
    sync,
    diskFullSince,
    count: attention.length + sync.length + (diskFullSince ? 1 : 0),
  };
}
