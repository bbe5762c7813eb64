import './styles';
import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuarantineItem } from '@duka/domain';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useDismiss, useQuarantine } from './sync-api';
import { type Wording, counted } from './sync-words';
import { TableScroll } from '../../components/table-scroll';

/** A stored or incoming value as text: strings as they are, anything else as JSON. */
export function valueText(v: unknown): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return JSON.stringify(v) ?? '—';
}

function DiffTable({ diff }: { diff: QuarantineItem['diff'] }) {
  const { t } = useTranslation();
  if (diff.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('sync.quarantine.noDiff')}
      </Text>
    );
  const cell = (v: unknown) => (
    <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{valueText(v)}</Code>
  );
  return (
    <TableScroll minWidth={480}>
      <Table withTableBorder fz="sm" aria-label={t('sync.quarantine.diff')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('sync.quarantine.path')}</Table.Th>
            <Table.Th>{t('sync.quarantine.stored')}</Table.Th>
            <Table.Th>{t('sync.quarantine.incoming')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {diff.map((d) => (
            <Table.Tr key={d.path}>
              <Table.Td ff="monospace">{d.path}</Table.Td>
              <Table.Td>{cell(d.stored)}</Table.Td>
              <Table.Td>{cell(d.incoming)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function Item({ item, w }: { item: QuarantineItem; w: Wording }) {
  const { t, now } = w;
  const dismiss = useDismiss();
  const { i18n } = useTranslation();
  const kindKey = `sync.docType.${item.doc_type}`;
  const kind = i18n.exists(kindKey) ? t(kindKey) : item.doc_type;
  const run = () =>
    dismiss.mutate(item.id, {
      onSuccess: () => notifySuccess(t('sync.quarantine.dismissed')),
      onError: notifyApiError,
    });
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`quarantine-${item.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {kind}
              </Badge>
              <Text fw={600} style={{ wordBreak: 'break-word' }}>
                {item.label || item.doc_id}
              </Text>
            </Group>
            <Text size="sm" c="red">
              {t(`sync.quarantine.reason.${item.reason}`)}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            loading={dismiss.isPending}
            onClick={run}
            leftSection={<IconEyeOff size={14} aria-hidden />}
          >
            {t('sync.quarantine.dismiss')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {item.server_name && `${t('sync.quarantine.from', { server: item.server_name })} · `}
          {t('sync.quarantine.seen', {
            ...counted(w, item.seen_count),
            first: w.time(item.first_seen_at, now),
            last: w.time(item.last_seen_at, now),
          })}
        </Text>
        <DiffTable diff={item.diff} />
      </Stack>
    </Paper>
  );
}

/**
 * What was set aside instead of written (never applied silently), each with Dismiss: on the hosted
 * site what the shops sent, on a shop PC what it received from the hosted site.
 */
export function QuarantineList({ w, intro = 'sync.quarantine.intro' }: { w: Wording; intro?: string }) {
  const { t } = useTranslation();
  const list = useQuarantine(true);
  return (
    <Stack gap="sm" data-testid="quarantine">
      <Title order={3} size="h5">
        {t('sync.quarantine.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(intro)}
      </Text>
      {list.isPending ? (
        <Skeleton h={60} />
      ) : list.isError ? (
        <Text c="dimmed">{t('common.loadFailed')}</Text>
      ) : list.data.items.length === 0 ? (
        <Text size="sm">{t('sync.quarantine.empty')}</Text>
      ) : (
        list.data.items.map((item) => <Item key={item.id} item={item} w={w} />)
      )}
    </Stack>
  );
}
