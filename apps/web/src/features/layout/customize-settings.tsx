import './styles';
import { ColorSwatch, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
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
import { useLayoutConfig } from './layout-config';

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

type ChoiceField = 'variant' | 'menuPosition' | 'navbarType' | 'size' | 'backgroundImageURL';

interface ChoiceProps<K extends ChoiceField> {
  field: K;
  label: string;
  /** The translations of the values are under settings.<group>. */
  group: string;
  values: readonly LayoutConfig[K][];
}

/** One layout setting of a few values, as a labelled segmented control. */
function Choice<K extends ChoiceField>({ field, label, group, values }: ChoiceProps<K>) {
  const { t } = useTranslation();
  const { config, update } = useLayoutConfig();
  return (
    <Field label={label}>
      <SegmentedControl
        fullWidth
        value={config[field]}
        onChange={(v) => update({ [field]: v })}
        data={values.map((v) => ({ value: v, label: t(`settings.${group}.${v}`) }))}
      />
    </Field>
  );
}

/** The sidebar's colour: a swatch each, as a radio group. */
function ColorChoice() {
  const { t } = useTranslation();
  const { config, update } = useLayoutConfig();
  return (
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
            {config.backgroundColor === c && <IconCheck size={16} color="var(--mantine-color-gray-5)" />}
          </ColorSwatch>
        ))}
      </Group>
    </Field>
  );
}

/** The settings panel's 'Customize' tab: the layout settings, kept per browser. */
export function CustomizeSettings() {
  const { t } = useTranslation();
  const { config, update } = useLayoutConfig();
  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label={t('settings.darkBackground')}
        checked={config.variant !== 'Light'}
        onChange={(e) => update({ variant: e.currentTarget.checked ? 'Dark' : 'Light' })}
      />
      <Choice field="variant" label={t('settings.variantLabel')} group="variant" values={VARIANTS} />
      <Choice
        field="menuPosition"
        label={t('settings.menuPositionLabel')}
        group="menuPosition"
        values={MENU_POSITIONS}
      />
      <Choice
        field="navbarType"
        label={t('settings.navbarTypeLabel')}
        group="navbarType"
        values={NAVBAR_TYPES}
      />
      <Switch
        label={t('settings.sidebarCollapsed')}
        checked={config.sidebarCollapsed}
        onChange={(e) => update({ sidebarCollapsed: e.currentTarget.checked })}
      />
      <Choice field="size" label={t('settings.sizeLabel')} group="size" values={SIZES} />
      <ColorChoice />
      <Switch
        label={t('settings.backgroundImage')}
        checked={config.backgroundImage}
        onChange={(e) => update({ backgroundImage: e.currentTarget.checked })}
      />
      {config.backgroundImage && (
        <Choice
          field="backgroundImageURL"
          label={t('settings.backgroundImageChoice')}
          group="image"
          values={BACKGROUND_IMAGES}
        />
      )}
    </Stack>
  );
}
