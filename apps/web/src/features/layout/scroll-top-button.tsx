import './styles';
import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLater } from '../../lib/later-dialog';

/** Appears after 400 px of scrolling (seed spec §2, §9). */
export function ScrollTopButton({ visible }: { visible: boolean }) {
  const { t } = useTranslation();
  const later = useLater(visible, null);
  if (!later.make) return null;
  return (
    <Affix position={{ bottom: 24, right: 24 }} zIndex={150}>
      <Transition transition="slide-up" mounted={later.opened}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size={44}
            radius="xl"
            variant="filled"
            aria-label={t('layout.scrollTop')}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={20} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
