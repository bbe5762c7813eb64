import './styles';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Drawer, Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBellCheck, type IconCloudX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DiskFullEntry } from '../storage';
import { useNotices } from './use-notices';

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

interface Entry {
  id: string;
  text: string;
  to: string;
  color: string;
  icon: typeof IconCloudX;
  testId: string;
}

/**
 * One entry: what needs attention, opening the screen where it is dealt with, with what it shows
 * read again: opened from that very screen (a day's page, when its day changed after its close),
 * nothing mounts anew, and the page went on showing the figures from before.
 */
function EntryLink({ entry, onOpen }: { entry: Entry; onOpen: () => void }) {
  const Icon = entry.icon;
  const qc = useQueryClient();
  const open = () => {
    void qc.invalidateQueries({ refetchType: 'active' });
    onOpen();
  };
  return (
    <UnstyledButton component={Link} to={entry.to} onClick={open} data-testid={entry.testId}>
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={entry.color} radius="md">
            <Icon size={18} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{entry.text}</Text>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** A headed list of entries. */
function Section({
  id,
  heading,
  entries,
  onOpen,
}: {
  id: string;
  heading: string;
  entries: Entry[];
  onOpen: () => void;
}) {
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" id={id}>
        {heading}
      </Text>
      <Stack gap="sm" role="list" aria-labelledby={id}>
        {entries.map((e) => (
          <div role="listitem" key={e.id}>
            <EntryLink entry={e} onOpen={onOpen} />
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The notification sidebar (seed spec §2): low and negative stock, old unconfirmed transfers,
 * days not closed, a failing backup and tills waiting (the owner's, from /api/notifications), and
 * a full disk, and sync problems (ADR 11 §8), one entry each, never as toasts; each opens where it is dealt with.
 */
export function NotificationsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { attention, sync, diskFullSince, count } = useNotices();
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('layout.notifications')}
      size="sm"
    >
      {count === 0 ? (
        <AllClear />
      ) : (
        <Stack gap="lg">
          {diskFullSince && <DiskFullEntry since={diskFullSince} onOpen={onClose} />}
          <Section
            id="notices-attention"
            heading={t('layout.attention.heading')}
            entries={attention}
            onOpen={onClose}
          />
          <Section id="notices-sync" heading={t('sync.notice.heading')} entries={sync} onOpen={onClose} />
        </Stack>
      )}
    </Drawer>
  );
}
