import './styles';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './layout.module.css';

/** A copyright line with the current year (seed spec §2). */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Text size="sm" c="dimmed">
        {t('layout.copyright', { year: new Date().getFullYear() })}
      </Text>
    </footer>
  );
}
