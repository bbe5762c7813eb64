import { IconCloud, IconCloudCheck, IconCloudUp, IconCloudX } from '@tabler/icons-react';
import type { SyncHealth } from '@duka/domain';

/** Green, amber, red (ADR 11 §8); gray only where there is nothing to say. */
export const HEALTH_COLOR: Record<SyncHealth, string> = {
  none: 'gray',
  ok: 'teal',
  busy: 'yellow',
  alert: 'red',
};

export function HealthIcon({ health, size = 20 }: { health: SyncHealth; size?: number }) {
  const Icon = { none: IconCloud, ok: IconCloudCheck, busy: IconCloudUp, alert: IconCloudX }[health];
  return <Icon size={size} aria-hidden />;
}
