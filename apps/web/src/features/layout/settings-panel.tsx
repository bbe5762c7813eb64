import {
  ActionIcon,
  ColorSwatch,
  Drawer,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BACKGROUND_IMAGES,
  type LayoutConfig,
  MENU_POSITIONS,
  NAVBAR_TYPES,
  SIDEBAR_COLORS,
  SIZES,
  VARIANTS,
} from '../../lib/prefs';
import { PrintingSettings } from '../printing';
import { useLayoutConfig } from './layout-config';
import classes from './layout.module.css';

const SWATCH: Record<LayoutConfig['backgroundColor'], string> = {
  default: 'var(--mantine-color-body)',
  teal: 'var(--mantine-color-teal-8)',
  indigo: 'var(--mantine-color-indigo-8)',
  grape: 'var(--mantine-color-grape-8)',
  dark: 'var(--mantine-color-dark-7)',
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The settings side panel: 'Customize your view' with the Dark background switch (seed spec §2). */
export function SettingsPanel({
  opened,
  onOpen,
  onClose,
}: {
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { config, update } = useLayoutConfig();
  const seg = <T extends string>(values: readonly T[], key: string) =>
    values.map((v) => ({ value: v, label: t(`settings.${key}.${v}`) }));

  return (
    <>
      <Tooltip label={t('settings.open')} position="left">
        <ActionIcon
          className={classes.settingsToggle}
          size={44}
          radius="xl"
          variant="filled"
          aria-label={t('settings.open')}
          onClick={onOpen}
        >
          <IconSettings size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
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
            <Stack gap="lg">
              <Switch
                size="md"
                label={t('settings.darkBackground')}
                checked={config.variant !== 'Light'}
                onChange={(e) => update({ variant: e.currentTarget.checked ? 'Dark' : 'Light' })}
              />
              <Field label={t('settings.variantLabel')}>
                <SegmentedControl
                  fullWidth
                  value={config.variant}
                  onChange={(v) => update({ variant: v })}
                  data={seg(VARIANTS, 'variant')}
                />
              </Field>
              <Field label={t('settings.menuPositionLabel')}>
                <SegmentedControl
                  fullWidth
                  value={config.menuPosition}
                  onChange={(v) => update({ menuPosition: v })}
                  data={seg(MENU_POSITIONS, 'menuPosition')}
                />
              </Field>
              <Field label={t('settings.navbarTypeLabel')}>
                <SegmentedControl
                  fullWidth
                  value={config.navbarType}
                  onChange={(v) => update({ navbarType: v })}
                  data={seg(NAVBAR_TYPES, 'navbarType')}
                />
              </Field>
              <Switch
                label={t('settings.sidebarCollapsed')}
                checked={config.sidebarCollapsed}
                onChange={(e) => update({ sidebarCollapsed: e.currentTarget.checked })}
              />
              <Field label={t('settings.sizeLabel')}>
                <SegmentedControl
                  fullWidth
                  value={config.size}
                  onChange={(v) => update({ size: v })}
                  data={seg(SIZES, 'size')}
                />
              </Field>
              <Field label={t('settings.backgroundColor')}>
                <Group gap="xs" role="radiogroup" aria-label={t('settings.backgroundColor')}>
                  {SIDEBAR_COLORS.map((c) => (
                    <ColorSwatch
                      key={c}
                      component="button"
                      type="button"
                      role="radio"
                      aria-checked={config.backgroundColor === c}
                      aria-label={t(`settings.color.${c}`)}
                      color={SWATCH[c]}
                      size={32}
                      onClick={() => update({ backgroundColor: c })}
                      style={{ cursor: 'pointer', border: '1px solid var(--mantine-color-default-border)' }}
                    >
                      {config.backgroundColor === c && (
                        <IconCheck size={16} color="var(--mantine-color-gray-5)" />
                      )}
                    </ColorSwatch>
                  ))}
                </Group>
              </Field>
              <Switch
                label={t('settings.backgroundImage')}
                checked={config.backgroundImage}
                onChange={(e) => update({ backgroundImage: e.currentTarget.checked })}
              />
              {config.backgroundImage && (
                <Field label={t('settings.backgroundImageChoice')}>
                  <SegmentedControl
                    fullWidth
                    value={config.backgroundImageURL}
                    onChange={(v) => update({ backgroundImageURL: v })}
                    data={seg(BACKGROUND_IMAGES, 'image')}
                  />
                </Field>
              )}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Drawer>
    </>
  );
}
