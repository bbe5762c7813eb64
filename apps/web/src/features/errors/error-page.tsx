import './styles';
import { Link, useNavigate } from 'react-router';
import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconHome, IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BlankLayout } from '../../components/blank-layout';

/** pages/error: where unknown paths and routes a user may not open lead, with a way back. */
export function ErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <BlankLayout title={t('errorPage.title')} subtitle={t('errorPage.message')}>
      <Group justify="center" mb="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange">
          <IconMapQuestion size={36} aria-hidden />
        </ThemeIcon>
      </Group>
      <Text ta="center" size="sm" c="dimmed" mb="lg">
        {t('errorPage.hint')}
      </Text>
      <Group justify="center">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={() => void navigate(-1)}
        >
          {t('errorPage.back')}
        </Button>
        <Button component={Link} to="/" leftSection={<IconHome size={16} aria-hidden />}>
          {t('errorPage.home')}
        </Button>
      </Group>
    </BlankLayout>
  );
}
