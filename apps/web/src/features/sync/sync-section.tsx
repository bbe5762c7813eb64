import './styles';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Divider, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SyncStatusView } from '@duka/domain';
import { LinkCodeMaker } from './link-code';
import { LinkForm } from './link-form';
import { LocalStatusView } from './local-status';
import { QuarantineList } from './quarantine-list';
import { ServersTable } from './servers-table';
import { SECTION_REFRESH_MS, useSyncStatus } from './sync-status';
import { HEALTH_COLOR, HealthIcon } from './health-icon';
import { type Wording, healthWords, seriesWords } from './sync-words';
import { useWording } from './use-wording';
import { useSyncedFromShop } from './read-only';

type HostedStatus = Extract<SyncStatusView, { role: 'hosted' }>;

function HostedView({ s, w }: { s: HostedStatus; w: Wording }) {
  const { t } = useTranslation();
  // linked and not read-only: the shop chose two-way sync
  const readOnly = useSyncedFromShop();
  const intro = !s.linked ? 'intro' : readOnly ? 'introLinked' : 'introTwoWay';
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="sync-hosted-intro">
        {t(`sync.hosted.${intro}`)}
      </Text>
      <LinkCodeMaker />
      <Divider />
      <Title order={3} size="h5">
        {t('sync.hosted.servers')}
      </Title>
      <ServersTable servers={s.servers} w={w} />
      <Divider />
      <QuarantineList w={w} />
    </Stack>
  );
}

/** The section's heading with its state in a colour, and what the state means. */
function Heading({ s, w }: { s: SyncStatusView | undefined; w: Wording }) {
  const { t } = useTranslation();
  const words = s ? healthWords(w, s) : null;
  const health = words?.health ?? 'none';
  return (
    <Stack gap={4} mb="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md" color={HEALTH_COLOR[health]}>
          <HealthIcon health={health} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {t('sync.title')}
        </Title>
      </Group>
      {words && health !== 'none' && (
        <Text size="sm" c={HEALTH_COLOR[health]} data-testid="sync-health">
          {words.label}: {words.why}
        </Text>
      )}
    </Stack>
  );
}

/** Opened from the header indicator (/profile#sync): brought into view on every such visit. */
function useScrollHere() {
  const ref = useRef<HTMLDivElement>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === '#sync') ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, key]);
  return ref;
}

/**
 * Business profile → Sync (ADR 11 §8). Local: link with a code made on the hosted site, then the
 * link's state in words and Unlink. Hosted: link codes, the shop servers with Revoke, and the
 * quarantine. Refreshed every 5 s while open.
 */
export function SyncSection() {
  const { t } = useTranslation();
  const status = useSyncStatus(SECTION_REFRESH_MS);
  const w = useWording(5_000);
  const ref = useScrollHere();
  const s = status.data;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      id="sync"
      ref={ref}
      data-testid="sync-section"
      style={{ scrollMarginTop: 80 }}
    >
      <Heading s={s} w={w} />
      {status.isPending ? (
        <Skeleton h={80} />
      ) : !s ? (
        <Text c="dimmed">{t('common.loadFailed')}</Text>
      ) : s.role === 'hosted' ? (
        <HostedView s={s} w={w} />
      ) : s.linked ? (
        <LocalStatusView s={s} w={w} />
      ) : (
        <Stack gap="sm">
          {s.series && (
            <Text size="sm" c="dimmed" data-testid="local-series">
              {seriesWords(t, 'sync.local.seriesKept', s.series)}
            </Text>
          )}
          <LinkForm />
        </Stack>
      )}
    </Paper>
  );
}
