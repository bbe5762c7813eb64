import './styles';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@duka/domain';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useDevices, useUpdateDevice } from './devices-api';
import { DeviceCards, DevicesTable } from './devices-table';
import { ListError } from '../../components/list-states';

/** Days after which a device not seen is put away under "Show N devices not seen…". */
export const DEVICE_AWAY_DAYS = 90;

/**
 * The devices to show first and those put away: a device not seen for DEVICE_AWAY_DAYS (a browser
 * cleared, a till replaced) stays listed, under a button, unless it still waits for approval.
 */
export function splitAway(devices: readonly Device[], now: number): { shown: Device[]; away: Device[] } {
  const since = now - DEVICE_AWAY_DAYS * 86_400_000;
  const shown: Device[] = [];
  const away: Device[] = [];
  for (const d of devices)
    (d.status !== 'pending' && Date.parse(d.last_seen_at) < since ? away : shown).push(d);
  return { shown, away };
}

/** The tills that signed in; the admin names, approves or blocks them. */
export function DevicesList() {
  const { t } = useTranslation();
  const devices = useDevices();
  const update = useUpdateDevice();
  const [showAway, setShowAway] = useState(false);

  const setStatus = async (d: Device, status: Device['status']) => {
    try {
      await update.mutateAsync({ id: d.id, body: { status } });
      notifySuccess(t(status === 'approved' ? 'devices.approvedToast' : 'devices.blockedToast'));
    } catch (err) {
      notifyApiError(err);
    }
  };

  if (devices.isPending)
    return (
      <Stack>
        {[0, 1].map((i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  if (devices.isError) return <ListError onRetry={() => void devices.refetch()} />;
  if (devices.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('devices.empty')}
      </Text>
    );

  const { shown, away } = splitAway(devices.data, Date.now());
  const listed = showAway ? devices.data : shown;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('devices.hint')}
      </Text>
      <DevicesTable devices={listed} onStatus={(d, status) => void setStatus(d, status)} />
      <DeviceCards devices={listed} onStatus={(d, status) => void setStatus(d, status)} />
      {away.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setShowAway((v) => !v)}
          style={{ alignSelf: 'flex-start' }}
        >
          {showAway
            ? t('devices.hideAway')
            : t('devices.showAway', { count: away.length, days: DEVICE_AWAY_DAYS })}
        </Button>
      )}
    </Stack>
  );
}
