import './styles';
import { ActionIcon, Button, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type LinkCodeView, formatLinkCode } from '@duka/domain';
import { notifyApiError } from '../../lib/notify';
import { useMakeLinkCode } from './sync-api';
import { useNow } from './use-wording';

/** "14:07": minutes and seconds left. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.trunc(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('sync.hosted.copied') : label}>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The code, big, with the time it has left and the shop PC's command line as the other way. */
function CodeCard({ view, onNew, busy }: { view: LinkCodeView; onNew: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = Date.parse(view.expires_at) - now;
  const code = formatLinkCode(view.code);
  const site = window.location.origin;
  const command = `npm run duka -- link --hosted ${site} --code ${code}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid="link-code">
      <Stack gap="xs" align="center">
        <Text size="sm" c="dimmed">
          {t('sync.hosted.codeTitle')}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text
            component="output"
            ff="monospace"
            fw={700}
            fz={{ base: 32, sm: 44 }}
            style={{ letterSpacing: '0.08em' }}
            c={left > 0 ? undefined : 'dimmed'}
            td={left > 0 ? undefined : 'line-through'}
          >
            {code}
          </Text>
          {left > 0 && <Copy value={code} label={t('sync.hosted.copyCode')} />}
        </Group>
        {left > 0 ? (
          <Text size="sm" data-testid="link-code-left" ff="monospace">
            {t('sync.hosted.expiresIn', { time: countdown(left) })}
          </Text>
        ) : (
          <Text size="sm" c="red" role="status">
            {t('sync.hosted.expired')}
          </Text>
        )}
      </Stack>
      <Stack gap={6} mt="md">
        <Text size="sm">{t('sync.hosted.codeHint', { site })}</Text>
        <Text size="sm" c="dimmed">
          {t('sync.hosted.cli')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {command}
          </Code>
          <Copy value={command} label={t('sync.hosted.copyCommand')} />
        </Group>
        <Group justify="flex-end">
          <Button
            variant="subtle"
            size="xs"
            onClick={onNew}
            loading={busy}
            leftSection={<IconRefresh size={14} aria-hidden />}
          >
            {t('sync.hosted.newCode')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Hosted: "Link a shop PC" makes a code (8 characters, 15 minutes); the shop enters it. */
export function LinkCodeMaker() {
  const { t } = useTranslation();
  const make = useMakeLinkCode();
  const run = () => make.mutate(undefined, { onError: notifyApiError });
  return make.data ? (
    <CodeCard view={make.data} onNew={run} busy={make.isPending} />
  ) : (
    <Group>
      <Button onClick={run} loading={make.isPending} leftSection={<IconLink size={16} aria-hidden />}>
        {t('sync.hosted.makeCode')}
      </Button>
    </Group>
  );
}
