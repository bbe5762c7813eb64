import './styles';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '@duka/domain';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useDevices, useUpdateDevice } from './devices-api';
import { DeviceCards, DevicesTable } from './devices-table';
import { ListError } from '../../components/list-states';

/** The tills that signed in; the admin names, approves or blocks them. */
export function DevicesList() {
  const { t } = useTranslation();
  const devices = useDevices();
  const update = useUpdateDevice();

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

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('devices.hint')}
      </Text>
      <DevicesTable devices={devices.data} onStatus={(d, status) => void setStatus(d, status)} />
      <DeviceCards devices={devices.data} onStatus={(d, status) => void setStatus(d, status)} />
    </Stack>
  );
}
