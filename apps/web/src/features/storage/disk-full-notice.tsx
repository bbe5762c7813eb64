import './styles';
import { Link } from 'react-router';
import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAdminRole } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';

function Body({ since }: { since: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="red" radius="md">
          <IconDeviceFloppy size={18} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('storage.full')}
          </Text>
          <Text size="sm">{t('storage.fullHint', { time: dateTime(since) })}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The notifications panel's entry for a full disk; the owner's opens the profile's disk card. */
export function DiskFullEntry({ since, onOpen }: { since: string; onOpen: () => void }) {
  const admin = isAdminRole(useSession().user.role);
  if (!admin)
    return (
      <div data-testid="notice-disk-full">
        <Body since={since} />
      </div>
    );
  return (
    <UnstyledButton component={Link} to="/profile#storage" onClick={onOpen} data-testid="notice-disk-full">
      <Body since={since} />
    </UnstyledButton>
  );
}
