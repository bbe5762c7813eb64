import './styles';
import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/hint';

/**
 * The button that opens the settings panel: in the header, so it never lies over a control of the
 * page (floating at the bottom right it covered the till's Pay).
 */
export function SettingsToggle({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Hint label={t('settings.open')}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('settings.open')} onClick={onOpen}>
        <IconSettings size={20} aria-hidden />
      </ActionIcon>
    </Hint>
  );
}
