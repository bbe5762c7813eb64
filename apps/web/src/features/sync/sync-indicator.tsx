import './styles';
import { Link } from 'react-router';
import { ActionIcon } from '@mantine/core';
import { IconCloud, IconCloudCheck, IconCloudUp, IconCloudX } from '@tabler/icons-react';
import type { SyncHealth } from '@duka/domain';
import { HEADER_REFRESH_MS, useSyncStatus } from './sync-status';
import { healthWords } from './sync-words';
import { useWording } from './use-wording';
import { Hint } from '../../components/hint';

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

/**
 * The header's sync light, for admins: absent when not linked, else green, amber or red with a
 * tooltip saying which and why. It opens the business profile's sync section.
 */
export function SyncIndicator() {
  const status = useSyncStatus(HEADER_REFRESH_MS);
  const w = useWording(HEADER_REFRESH_MS);
  if (!status.data) return null;
  const { health, label, why } = healthWords(w, status.data);
  if (health === 'none') return null;
  const text = `${label}: ${why}`;
  return (
    <Hint label={text} multiline maw={280} withArrow>
      <ActionIcon
        component={Link}
        to="/profile#sync"
        variant="light"
        color={HEALTH_COLOR[health]}
        size="lg"
        aria-label={text}
        data-health={health}
        data-testid="sync-indicator"
      >
        <HealthIcon health={health} />
      </ActionIcon>
    </Hint>
  );
}
