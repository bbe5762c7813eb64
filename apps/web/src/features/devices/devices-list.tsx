import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBan, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useDevices, useUpdateDevice } from './devices-api';
import { ListError } from '../../components/list-states';

const STATUS_COLOR: Record<Device['status'], string> = {
  pending: 'yellow',
  approved: 'teal',
  blocked: 'red',
};

function DeviceName({ device }: { device: Device }) {
  const { t } = useTranslation();
  const update = useUpdateDevice();
  const [name, setName] = useState(device.name);
  const dirty = name.trim() !== device.name;
  const save = async () => {
    try {
      await update.mutateAsync({ id: device.id, body: { name: name.trim() } });
      notifySuccess(t('devices.renamed'));
    } catch (err) {
      notifyApiError(err);
    }
  };
  return (
    <TextInput
      size="xs"
      aria-label={t('devices.nameOf', { id: device.id })}
      placeholder={t('devices.unnamed')}
      value={name}
      maxLength={60}
      onChange={(e) => setName(e.currentTarget.value)}
      onKeyDown={(e) => e.key === 'Enter' && dirty && void save()}
      rightSection={
        dirty ? (
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t('common.save')}
            onClick={() => void save()}
            loading={update.isPending}
          >
            <IconDeviceFloppy size={14} aria-hidden />
          </ActionIcon>
        ) : null
      }
      miw={160}
    />
  );
}

/** The tills that signed in; the admin names, approves or blocks them. */
export function DevicesList() {
  const { t } = useTranslation();
  const { business } = useSession();
  const { dateTime } = useFormat(business);
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
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('devices.id')}</Table.Th>
              <Table.Th>{t('devices.name')}</Table.Th>
              <Table.Th>{t('devices.status')}</Table.Th>
              <Table.Th>{t('devices.lastUser')}</Table.Th>
              <Table.Th>{t('devices.lastSeen')}</Table.Th>
              <Table.Th>
                <span className="sr-only">{t('users.actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {devices.data.map((d) => (
              <Table.Tr key={d.id} data-testid={`device-row-${d.id}`}>
                <Table.Td>
                  <Code>{d.id}</Code>
                </Table.Td>
                <Table.Td>
                  <DeviceName device={d} />
                </Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[d.status]} variant="light">
                    {t(`devices.statuses.${d.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{d.last_user_name ?? '—'}</Table.Td>
                <Table.Td>{dateTime(d.last_seen_at)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {d.status !== 'approved' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="teal"
                        leftSection={<IconCheck size={14} aria-hidden />}
                        onClick={() => void setStatus(d, 'approved')}
                      >
                        {t('devices.approve')}
                      </Button>
                    )}
                    {d.status !== 'blocked' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconBan size={14} aria-hidden />}
                        onClick={() => void setStatus(d, 'blocked')}
                      >
                        {t('devices.block')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
