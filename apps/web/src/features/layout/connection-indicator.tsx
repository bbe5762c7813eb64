import './styles';
import { useEffect } from 'react';
import { Badge, Loader } from '@mantine/core';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Connection, useConnection, watchConnection } from '../../lib/connection';
import classes from './layout.module.css';
import { Hint } from '../../components/hint';

const COLOR: Record<Connection, string> = { online: 'teal', reconnecting: 'yellow', offline: 'red' };

/**
 * The header's word on the browser's link to its server: a quiet icon while online, "Offline" or
 * "Reconnecting…" in words when not (the words shown beside the icon, so colour is never the only
 * sign). Distinct from the sync light, which is the shop's PC and the hosted server.
 */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const state = useConnection();
  useEffect(() => watchConnection(), []);
  const label = t(`layout.connection.${state}`);
  const hint = t(`layout.connection.${state}Hint`);
  const icon =
    state === 'reconnecting' ? (
      <Loader size={12} color="yellow" aria-hidden />
    ) : state === 'online' ? (
      <IconWifi size={16} aria-hidden />
    ) : (
      <IconWifiOff size={16} aria-hidden />
    );
  return (
    <Hint label={hint} multiline maw={280} withArrow>
      <Badge
        component="span"
        role="status"
        aria-live="polite"
        aria-label={`${label}. ${hint}`}
        tabIndex={0}
        size="lg"
        radius="sm"
        variant={state === 'online' ? 'transparent' : 'light'}
        color={COLOR[state]}
        leftSection={icon}
        className={classes.connection}
        data-state={state}
        data-testid="connection"
      >
        {state !== 'online' && <span className={classes.connectionWords}>{label}</span>}
      </Badge>
    </Hint>
  );
}
