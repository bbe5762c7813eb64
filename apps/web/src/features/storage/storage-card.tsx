import './styles';
import { Alert, Group, Paper, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { useStorageStatus } from './use-storage-status';

/** Room left, in GB, or in whole MB below one GB (where it matters most), for the language: "2,5 GB". */
function room(lang: string, bytes: number): string {
  const gb = bytes >= 1_000_000_000;
  const digits = gb ? 1 : 0;
  return numberFormat(lang, {
    style: 'unit',
    unit: gb ? 'gigabyte' : 'megabyte',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(gb ? bytes / 1_000_000_000 : Math.floor(bytes / 1_000_000));
}

/** The business profile's disk card: a full disk (writes failing) and the room left. */
export function StorageCard() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  const status = useStorageStatus();
  const s = status.data;
  const full = !!s?.disk_full_since;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} id="storage" data-testid="storage-status">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size="lg" radius="md" color={full ? 'red' : 'teal'}>
          {full ? <IconAlertTriangle size={20} aria-hidden /> : <IconDeviceFloppy size={20} aria-hidden />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('storage.title')}
        </Title>
      </Group>
      {status.isPending ? (
        <Skeleton h={40} />
      ) : status.isError || !s ? (
        <Text c="dimmed">{t('common.loadFailed')}</Text>
      ) : (
        <>
          {full ? (
            <Alert color="red" title={t('storage.full')}>
              {t('storage.fullHint', { time: dateTime(s.disk_full_since) })}
            </Alert>
          ) : (
            <Text>{t('storage.ok')}</Text>
          )}
          {s.free_bytes !== null && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('storage.free', { size: room(i18n.language, s.free_bytes) })}
            </Text>
          )}
        </>
      )}
    </Paper>
  );
}
