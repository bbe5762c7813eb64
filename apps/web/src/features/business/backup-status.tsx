import './styles';
import { Alert, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { backupStatusSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { megabytesText, useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';

/**
 * The local server's backups on the business profile: the last good copy (time, size, file), the
 * copies kept, and the last failure, which is shown here and in the log, never as a toast (seed
 * spec §7).
 */
export function BackupStatusCard() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  const status = useQuery({
    queryKey: ['backups', 'status'],
    queryFn: () => api('/api/backups/status', { schema: backupStatusSchema }),
    refetchInterval: 60_000,
  });
  const s = status.data;
  const failing = !!s?.last_error && (!s.last_good || s.last_error.at > s.last_good.at);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="backup-status">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size="lg" radius="md" color={failing ? 'red' : 'teal'}>
          {failing ? (
            <IconAlertTriangle size={20} aria-hidden />
          ) : (
            <IconDatabaseExport size={20} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('backups.title')}
        </Title>
      </Group>
      {status.isPending ? (
        <Skeleton h={60} />
      ) : status.isError || !s ? (
        <Text c="dimmed">{t('common.loadFailed')}</Text>
      ) : !s.enabled ? (
        <Text c="dimmed">{t('backups.hosted')}</Text>
      ) : (
        <Stack gap="xs">
          {s.last_good ? (
            <Text>
              {t('backups.lastGood', {
                time: dateTime(s.last_good.at),
                size: megabytesText(i18n.language, s.last_good.size),
              })}
            </Text>
          ) : (
            <Text>{t('backups.none', { minutes: s.interval_minutes })}</Text>
          )}
          <Text size="sm" c="dimmed">
            {t('backups.kept', { five: s.kept.five_minute, hourly: s.kept.hourly, daily: s.kept.daily })}
          </Text>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('backups.folder', { dir: s.backup_dir })}
          </Text>
          {s.last_error && (
            <Alert
              color={failing ? 'red' : 'yellow'}
              title={t('backups.failed', { time: dateTime(s.last_error.at) })}
            >
              {t(`backups.why.${s.last_error.code}`, { defaultValue: t('backups.why.failed') })}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
