import './styles';
import { useState } from 'react';
import { ActionIcon, Badge, Button, Code, Group, Modal, Table, Text, Tooltip } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SyncServerView, SyncState } from '@duka/domain';
import { TableHead } from '../../components/table-head';
import { TABULAR } from '../../lib/format';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useRevoke } from './sync-api';
import { type Wording, isSkewed, seriesWords, skewWords } from './sync-words';
import { TableScroll } from '../../components/table-scroll';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

export const STATE_COLOR: Record<SyncState, string> = {
  copying: 'yellow',
  active: 'teal',
  diverged: 'red',
  revoked: 'gray',
  refused: 'red',
};

function RevokeDialog({ server, onClose }: { server: SyncServerView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevoke();
  const run = async () => {
    if (!server) return;
    try {
      await revoke.mutateAsync(server.id);
      notifySuccess(t('sync.hosted.revoked', { name: server.name }));
      onClose();
    } catch (err) {
      notifyApiError(err);
    }
  };
  return (
    <Modal
      opened={server !== null}
      onClose={onClose}
      title={t('sync.hosted.revokeTitle', { name: server?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{t('sync.hosted.revokeBody')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={revoke.isPending} onClick={() => void run()} data-autofocus>
          {t('sync.hosted.revoke')}
        </Button>
      </Group>
    </Modal>
  );
}

function ServerRow({ x, w, onRevoke }: { x: SyncServerView; w: Wording; onRevoke: () => void }) {
  const { t, now } = w;
  return (
    <Table.Tr data-testid={`sync-server-${x.id}`}>
      <Table.Td style={NOWRAP}>
        <Text fw={500} size="sm">
          {x.name}
        </Text>
        <Code fz="xs" title={t('sync.hosted.col.credential')}>
          {x.credential_prefix}
        </Code>
        <Text size="xs" c="dimmed" data-testid="server-series">
          {seriesWords(t, 'sync.hosted.series', x.series)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATE_COLOR[x.state]} variant="light" style={{ minWidth: 'max-content' }}>
          {t(`sync.state.${x.state}`)}
        </Badge>
        {x.revoked_at && (
          <Text size="xs" c="dimmed" style={NOWRAP}>
            {t('sync.hosted.revokedAt', { time: w.ago(x.revoked_at, now) })}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={NOWRAP}>{w.ago(x.last_contact_at, now)}</Table.Td>
      <Table.Td style={NOWRAP}>{w.ago(x.last_push_at, now)}</Table.Td>
      <Table.Td style={TABULAR}>{w.count(x.waiting)}</Table.Td>
      <Table.Td style={NOWRAP}>{w.ago(x.last_pull_at, now)}</Table.Td>
      <Table.Td style={TABULAR}>{w.count(x.to_pull)}</Table.Td>
      <Table.Td style={NOWRAP}>{w.time(x.oldest_unsynced_sale_at, now)}</Table.Td>
      <Table.Td style={NOWRAP} c={isSkewed(x.clock_skew_ms) ? 'red' : undefined}>
        {skewWords(w, x.clock_skew_ms)}
      </Table.Td>
      <Table.Td>
        {!x.revoked_at && (
          <Group justify="flex-end" wrap="nowrap">
            <Tooltip label={t('sync.hosted.revokeNamed', { name: x.name })}>
              <ActionIcon
                variant="light"
                color="red"
                onClick={onRevoke}
                aria-label={t('sync.hosted.revokeNamed', { name: x.name })}
              >
                <IconBan size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** Hosted: the shop servers linked to this business, each with Revoke (behind a confirmation). */
export function ServersTable({ servers, w }: { servers: SyncServerView[]; w: Wording }) {
  const { t } = useTranslation();
  const [revoking, setRevoking] = useState<SyncServerView | null>(null);
  if (servers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sync.hosted.noServers')}
      </Text>
    );
  const columns = [
    'name',
    'state',
    'lastContact',
    'lastPush',
    'waiting',
    'lastPull',
    'toPull',
    'oldestSale',
    'clock',
  ];
  return (
    <>
      <TableScroll minWidth={1040}>
        <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('sync.hosted.servers')}>
          <TableHead columns={columns.map((c) => t(`sync.hosted.col.${c}`))} actions={t('users.actions')} />
          <Table.Tbody>
            {servers.map((x) => (
              <ServerRow key={x.id} x={x} w={w} onRevoke={() => setRevoking(x)} />
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <RevokeDialog server={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
