import './styles';
import { ActionIcon, Drawer, Tabs, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PrintingSettings } from '../printing';
import { CustomizeSettings } from './customize-settings';

/**
 * The button that opens the settings panel: in the header, so it never lies over a control of the
 * page (floating at the bottom right it covered the till's Pay).
 */
export function SettingsToggle({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('settings.open')}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('settings.open')} onClick={onOpen}>
        <IconSettings size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The settings side panel: 'Customize your view' with the Dark background switch (seed spec §2). */
export function SettingsPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Drawer
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={opened}
        onClose={onClose}
        position="right"
        size="sm"
        title={t('settings.title')}
      >
        <Tabs defaultValue="customize" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="customize">{t('settings.customize')}</Tabs.Tab>
            <Tabs.Tab value="printing">{t('printing.settings.tab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="printing" pt="md">
            <PrintingSettings />
          </Tabs.Panel>
          <Tabs.Panel value="customize" pt="md">
            <CustomizeSettings />
          </Tabs.Panel>
        </Tabs>
      </Drawer>
    </>
  );
}
