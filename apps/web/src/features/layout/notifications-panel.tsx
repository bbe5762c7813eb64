import { Link } from 'react-router';
import { Drawer, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBellCheck, IconCloudX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DiskFullEntry, useDiskFullSince } from '../storage';
import { type SyncNotice, useSyncNotices } from '../sync';

function AllClear() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl">
      <ThemeIcon size={48} radius="xl" variant="light" color="teal">
        <IconBellCheck size={26} aria-hidden />
      </ThemeIcon>
      <Text fw={500}>{t('layout.allClear')}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('layout.allClearHint')}
      </Text>
    </Stack>
  );
}

/** A sync problem (ADR 11 §8): it opens the business profile's sync section. */
function SyncEntry({ notice, onOpen }: { notice: SyncNotice; onOpen: () => void }) {
  return (
    <UnstyledButton
      component={Link}
      to="/profile#sync"
      onClick={onOpen}
      data-testid={`notice-sync-${notice.id}`}
    >
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="red" radius="md">
            <IconCloudX size={18} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{notice.text}</Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * The notification sidebar (seed spec §2). What needs attention (low stock, open counts,
 * unconfirmed transfers, debtors over limit) joins it with those features; sync problems are here
 * now, one entry each, never as toasts.
 */
export function NotificationsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const sync = useSyncNotices();
  const diskFullSince = useDiskFullSince();
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('layout.notifications')}
      size="sm"
    >
      {sync.length === 0 && !diskFullSince ? (
        <AllClear />
      ) : (
        <Stack gap="sm">
          {diskFullSince && <DiskFullEntry since={diskFullSince} onOpen={onClose} />}
          {sync.length > 0 && (
            <>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="notices-sync">
                {t('sync.notice.heading')}
              </Text>
              <Stack gap="sm" role="list" aria-labelledby="notices-sync">
                {sync.map((n) => (
                  <div role="listitem" key={n.id}>
                    <SyncEntry notice={n} onOpen={onClose} />
                  </div>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
