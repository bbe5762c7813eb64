import './styles';
import { Group, Paper, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { imageStorageSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { megabytesText as megabytes, useFormat } from '../../lib/format';
import { IMAGE_STORAGE_KEY } from './business-api';

/** The images the business keeps (logo, profile pictures, expense slips) against the server's cap. */
export function ImageStorageCard() {
  const { t, i18n } = useTranslation();
  const { count } = useFormat();
  const usage = useQuery({
    queryKey: IMAGE_STORAGE_KEY,
    queryFn: () => api('/api/files/usage', { schema: imageStorageSchema }),
  });
  const u = usage.data;
  const share = u ? Math.min(100, (u.used_bytes / u.cap_bytes) * 100) : 0;
  const full = share >= 100;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="image-storage">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size="lg" radius="md" color={full ? 'red' : 'teal'}>
          <IconPhoto size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('imageStorage.title')}
        </Title>
      </Group>
      {usage.isPending ? (
        <Skeleton h={40} />
      ) : usage.isError || !u ? (
        <Text c="dimmed">{t('common.loadFailed')}</Text>
      ) : (
        <Stack gap="xs">
          <Progress
            value={share}
            color={full ? 'red' : share >= 90 ? 'yellow' : 'teal'}
            aria-label={t('imageStorage.title')}
          />
          <Text>
            {t('imageStorage.usage', {
              used: megabytes(i18n.language, u.used_bytes),
              cap: megabytes(i18n.language, u.cap_bytes),
              count: u.files,
              n: count(u.files),
            })}
          </Text>
          {full && <Text c="red">{t('imageStorage.full')}</Text>}
        </Stack>
      )}
    </Paper>
  );
}
