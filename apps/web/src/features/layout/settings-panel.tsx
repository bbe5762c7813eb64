import './styles';
import { Drawer, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PrintingSettings } from '../printing';
import { CustomizeSettings } from './customize-settings';

/**
 * The settings side panel: 'Customize your view' with the Dark background switch (seed spec §2).
 * Loaded when first opened (app-layout.tsx), not with the layout.
 */
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
