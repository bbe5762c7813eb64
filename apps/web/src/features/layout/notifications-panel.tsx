import { Drawer, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The notification sidebar (seed spec §2). What needs attention (low stock, open counts,
 * unconfirmed transfers, debtors over limit, sync problems) joins it with those features.
 */
export function NotificationsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('layout.notifications')}
      size="sm"
    >
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconBellCheck size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={500}>{t('layout.allClear')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('layout.allClearHint')}
        </Text>
      </Stack>
    </Drawer>
  );
}
