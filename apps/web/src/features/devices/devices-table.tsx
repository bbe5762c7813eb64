import './styles';
import { deviceUpdateSchema } from '@duka/domain';
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBan, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '../../lib/validators';
import type { Device } from '@duka/domain';
import { TableHead } from '../../components/table-head';
import { useFormat } from '../../lib/format';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useUpdateDevice } from './devices-api';
import { TableScroll } from '../../components/table-scroll';

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
      maxLength={maxLengthOf(deviceUpdateSchema.shape.name)}
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

type StatusChange = (d: Device, status: Device['status']) => void;

/** Each device: its id, a name the admin can edit, its status, who used it last and when. */
export function DevicesTable({ devices, onStatus }: { devices: Device[]; onStatus: StatusChange }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const { dateTime } = useFormat(business);
  return (
    <TableScroll minWidth={760} visibleFrom="sm">
      <Table verticalSpacing="sm">
        <TableHead
          columns={[
            t('devices.id'),
            t('devices.name'),
            t('devices.status'),
            t('devices.lastUser'),
            t('devices.lastSeen'),
          ]}
          actions={t('users.actions')}
        />
        <Table.Tbody>
          {devices.map((d) => (
            <Table.Tr key={d.id} data-testid={`device-row-${d.id}`}>
              <Table.Td>
                <Code>{d.id}</Code>
              </Table.Td>
              <Table.Td>
                <DeviceName device={d} />
              </Table.Td>
              <Table.Td>
                <StatusBadge device={d} />
              </Table.Td>
              <Table.Td>{d.last_user_name ?? '—'}</Table.Td>
              <Table.Td>{dateTime(d.last_seen_at)}</Table.Td>
              <Table.Td>
                <DeviceActions device={d} onStatus={onStatus} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The status, never cut short ("PENDI…" at 1280 px, the QA). */
function StatusBadge({ device: d }: { device: Device }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[d.status]} variant="light" miw="max-content">
      {t(`devices.statuses.${d.status}`)}
    </Badge>
  );
}

/**
 * The devices on a phone (below `sm`), one card each: the status and its buttons in view, not
 * off to the right of a table (the owner approves a till from a phone).
 */
export function DeviceCards({ devices, onStatus }: { devices: Device[]; onStatus: StatusChange }) {
  const { business } = useSession();
  const { dateTime } = useFormat(business);
  return (
    <Stack hiddenFrom="sm" gap="sm">
      {devices.map((d) => (
        <Card key={d.id} withBorder padding="sm" data-testid={`device-card-${d.id}`}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Code>{d.id}</Code>
              <StatusBadge device={d} />
            </Group>
            <DeviceName device={d} />
            <Text size="xs" c="dimmed">
              {d.last_user_name ?? '—'} · {dateTime(d.last_seen_at)}
            </Text>
            <DeviceActions device={d} onStatus={onStatus} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Approve (unless approved) and block (unless blocked). */
function DeviceActions({ device: d, onStatus }: { device: Device; onStatus: StatusChange }) {
  const { t } = useTranslation();
  const actions = [
    { status: 'approved', color: 'teal', Icon: IconCheck, label: t('devices.approve') },
    { status: 'blocked', color: 'red', Icon: IconBan, label: t('devices.block') },
  ] as const;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {actions
        .filter((a) => d.status !== a.status)
        .map(({ status, color, Icon, label }) => (
          <Button
            key={status}
            size="xs"
            variant="light"
            color={color}
            leftSection={<Icon size={14} aria-hidden />}
            onClick={() => onStatus(d, status)}
          >
            {label}
          </Button>
        ))}
    </Group>
  );
}
