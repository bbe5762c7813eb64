import './styles';
import { Link } from 'react-router';
import { ActionIcon } from '@mantine/core';
import type { SyncStatusView } from '@duka/domain';
import { HEADER_REFRESH_MS } from './sync-status';
import { healthWords } from './sync-words';
import { useWording } from './use-wording';
import { HEALTH_COLOR, HealthIcon } from './health-icon';
import { Hint } from '../../components/hint';

/**
 * The header's sync light for a linked business: green, amber or red with a tooltip saying which
 * and why. It opens the business profile's sync section.
 */
export function SyncLight({ status }: { status: SyncStatusView }) {
  const w = useWording(HEADER_REFRESH_MS);
  const { health, label, why } = healthWords(w, status);
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
