import './styles';
import { useState } from 'react';
import { Alert, Anchor, Button, Code, Divider, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SyncStatusView } from '@duka/domain';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { QuarantineList } from './quarantine-list';
import { useUnlink } from './sync-api';
import { type Wording, counted, errorCodeWords, isSkewed, seriesWords } from './sync-words';

type LocalStatus = Extract<SyncStatusView, { role: 'local' }>;

/** Copying (with its progress), or when the last batch went and what still waits. */
function Progressing({ s, w }: { s: LocalStatus; w: Wording }) {
  const { t, now } = w;
  const waiting = s.waiting.entries;
  return (
    <Stack gap={6}>
      {s.state === 'copying' && (
        <>
          <Text fw={500}>{t('sync.local.copying', { done: w.count(s.cursor), total: w.count(s.head) })}</Text>
          <Progress
            value={s.head > 0 ? (100 * s.cursor) / s.head : 0}
            aria-label={t('sync.local.copyProgress')}
            striped
            animated
          />
        </>
      )}
      <Text>
        {s.last_push_at
          ? t('sync.local.lastSent', { when: w.ago(s.last_push_at, now) })
          : t('sync.local.nothingSent')}
      </Text>
      <Text size="sm" data-testid="sync-received">
        {s.last_pull_at
          ? t('sync.local.lastReceived', { when: w.ago(s.last_pull_at, now) })
          : t('sync.local.nothingReceived')}
        {s.to_pull > 0 && ` · ${t('sync.local.toReceive', counted(w, s.to_pull))}`}
      </Text>
      <Text size="sm" c="dimmed">
        {s.last_contact_at
          ? t('sync.local.lastContact', { when: w.ago(s.last_contact_at, now) })
          : t('sync.local.noContact')}
      </Text>
      {waiting === 0 ? (
        <Text size="sm" c="dimmed">
          {/* "up to date" above "set aside N records" read as a contradiction */}
          {t(s.quarantine_open > 0 ? 'sync.local.allSentAside' : 'sync.local.allSent')}
        </Text>
      ) : (
        <Text data-testid="sync-waiting">
          {s.oldest_unsynced_sale_at
            ? t('sync.local.waitingSale', {
                ...counted(w, waiting),
                time: w.time(s.oldest_unsynced_sale_at, now),
              })
            : t('sync.local.waiting', counted(w, waiting))}
        </Text>
      )}
    </Stack>
  );
}

/** Stopped (diverged, revoked, refused) or failing: what happened and what to do. */
function Trouble({ s, w }: { s: LocalStatus; w: Wording }) {
  const { t, now } = w;
  const reason = s.last_error ? errorCodeWords(t, s.last_error.code) : null;
  if (s.state === 'diverged' || s.state === 'revoked' || s.state === 'refused') {
    return (
      <Alert color="red" title={t(`sync.local.${s.state}.title`)} role="alert">
        <Stack gap={6}>
          <Text size="sm">{t(`sync.local.${s.state}.body`)}</Text>
          {s.state === 'refused' && reason && <Text size="sm">{reason}</Text>}
          {s.state === 'diverged' && (
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              npm run duka -- sync missing --from FILE
            </Code>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!s.failing_since) return null;
  return (
    <Alert color="yellow" title={t('sync.local.failingSince', { time: w.time(s.failing_since, now) })}>
      <Stack gap={4}>
        {reason && s.last_error && (
          <Text size="sm">{t('sync.local.lastError', { time: w.time(s.last_error.at, now), reason })}</Text>
        )}
        <Text size="sm">{t('sync.local.retrying')}</Text>
      </Stack>
    </Alert>
  );
}

function UnlinkButton() {
  const { t } = useTranslation();
  const unlink = useUnlink();
  const [confirming, setConfirming] = useState(false);
  const run = async () => {
    try {
      await unlink.mutateAsync(undefined);
      setConfirming(false);
      notifySuccess(t('sync.local.unlinked'));
    } catch (err) {
      notifyApiError(err);
    }
  };
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLinkOff size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t('sync.local.unlink')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('sync.local.unlinkTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm">{t('sync.local.unlinkBody')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={unlink.isPending} onClick={() => void run()} data-autofocus>
            {t('sync.local.unlink')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** Local, linked: where the copy is, what waits, the clock, trouble, and Unlink. */
export function LocalStatusView({ s, w }: { s: LocalStatus; w: Wording }) {
  const { t, now } = w;
  const skew = isSkewed(s.clock_skew_ms) ? s.clock_skew_ms : null;
  return (
    <Stack gap="sm">
      <Text>
        {t('sync.local.linkedTo')}{' '}
        <Anchor
          href={s.hosted_url ?? undefined}
          target="_blank"
          rel="noreferrer"
          style={{ wordBreak: 'break-all' }}
        >
          {s.hosted_url}
        </Anchor>
        {s.linked_at && ` · ${t('sync.local.since', { time: w.time(s.linked_at, now) })}`}
      </Text>
      {s.series !== null && (
        <Text size="sm" c="dimmed" data-testid="local-series">
          {seriesWords(t, 'sync.local.series', s.series)}
        </Text>
      )}
      <Trouble s={s} w={w} />
      <Progressing s={s} w={w} />
      {skew !== null && (
        <Alert
          color="yellow"
          title={t(skew < 0 ? 'sync.local.skewBehind' : 'sync.local.skewAhead', { span: w.span(skew) })}
        >
          {t('sync.local.skewHint')}
        </Alert>
      )}
      {s.quarantine_open > 0 && (
        <Alert color="red" title={t('sync.local.quarantine', counted(w, s.quarantine_open))}>
          {t('sync.local.quarantineHint')}
        </Alert>
      )}
      <Group justify="flex-end">
        <UnlinkButton />
      </Group>
      {s.quarantine_here > 0 && (
        <>
          <Divider />
          <QuarantineList w={w} intro="sync.quarantine.introHere" />
        </>
      )}
    </Stack>
  );
}
