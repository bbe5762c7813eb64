import './styles';
import { useState } from 'react';
import { Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconBrowser, IconDeviceDesktop, IconLogout } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OwnSession } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { describeApiError, notifyApiError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { ipWords } from './ip-words';
import { OWN_SESSIONS_KEY, endOwnSession, listOwnSessions } from './profile-api';

/** The sessions' query, shared by the list and "Sign out on other devices" (which refreshes it). */
export function useOwnSessions() {
  return useQuery({ queryKey: OWN_SESSIONS_KEY, queryFn: listOwnSessions });
}

/** The address a session signed in from, in a few words ("Local network (192.168.1.20)"). */
function useIpText() {
  const { t } = useTranslation();
  return (ip: string | null) => {
    const words = ipWords(ip);
    switch (words.kind) {
      case 'unknown':
        return t('profile.sessions.ipUnknown');
      case 'thisComputer':
        return t('profile.sessions.ipThisComputer');
      case 'local':
        return t('profile.sessions.ipLocal', { ip: words.short });
      default:
        return t('profile.sessions.ipPublic', { ip: words.short });
    }
  };
}

/** Ending one session: it leaves the list at once, then the list is read again. */
function useEndSession(nameOf: (s: OwnSession) => string) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const end = async (s: OwnSession) => {
    setEnding(s.id);
    try {
      await endOwnSession(s.id);
      qc.setQueryData<OwnSession[]>(OWN_SESSIONS_KEY, (list) => list?.filter((x) => x.id !== s.id));
      notifySuccess(t('profile.sessions.ended', { device: nameOf(s) }));
    } catch (err) {
      notifyApiError(err);
    } finally {
      setEnding(null);
      // what the server holds now (another device may have ended some meanwhile)
      void qc.invalidateQueries({ queryKey: OWN_SESSIONS_KEY });
    }
  };
  return { ending, end };
}

/**
 * "Sign out Front till?" before a session is ended: the device may be a till in use (its cashier
 * goes to the sign-in page at the next step). Cancel is the default button.
 */
function EndSessionDialog({
  asking,
  name,
  seen,
  onCancel,
  onConfirm,
}: {
  asking: boolean;
  name: string;
  seen: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={asking}
      onClose={onCancel}
      centered
      title={t('profile.sessions.confirmTitle', { device: name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('profile.sessions.confirmText', { device: name, seen })}</Text>
        <Text size="sm" c="dimmed">
          {t('profile.sessions.confirmCart')}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('profile.sessions.confirmButton')}
        </Button>
      </Group>
    </Modal>
  );
}

interface RowProps {
  session: OwnSession;
  name: string;
  nowMs: number;
  ending: string | null;
  onEnd: () => void;
}

/** One session: its device, address and times; "This device", or its Sign out button. */
function SessionRow({ session: s, name, nowMs, ending, onEnd }: RowProps) {
  const { t } = useTranslation();
  const { dateTime, ago } = useFormat(useSession().business);
  const ipText = useIpText();
  const seen = ago(s.last_seen_at, nowMs);
  const Icon = s.device_name ? IconDeviceDesktop : IconBrowser;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {s.current && (
              <Badge size="sm" variant="light" color="teal" tt="none">
                {t('profile.sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" title={ipWords(s.ip).full || undefined}>
            {ipText(s.ip)}
          </Text>
          <Text size="xs" c="dimmed">
            {s.current
              ? t('profile.sessions.whenHere', { signedIn: dateTime(s.created_at) })
              : t('profile.sessions.when', { signedIn: dateTime(s.created_at), seen })}
          </Text>
        </Stack>
      </Group>
      {!s.current && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconLogout size={14} aria-hidden />}
          loading={ending === s.id}
          disabled={ending !== null && ending !== s.id}
          aria-label={t('profile.sessions.endLabel', { device: name, seen })}
          onClick={onEnd}
          style={{ flexShrink: 0 }}
        >
          {t('profile.sessions.end')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Where the user is signed in (Edit Profile): each live session of theirs in the business, by its
 * device's name (or "Browser"), the address it signed in from, when it signed in and was last
 * seen; "This device" on this one, and "Sign out" on each other one, asked once more. Ending one
 * takes it out of the list at once; its device goes to the sign-in page at its next step.
 */
export function OwnSessions() {
  const { t } = useTranslation();
  const sessions = useOwnSessions();
  const nameOf = (s: OwnSession) => s.device_name ?? t('profile.sessions.browser');
  const { ending, end } = useEndSession(nameOf);
  const { ago } = useFormat(useSession().business);
  // the session whose Sign out was pressed (kept while the question closes, so its words stay)
  const [asked, setAsked] = useState<OwnSession | null>(null);
  const [asking, setAsking] = useState(false);

  if (sessions.isPending) return <Skeleton h={64} />;
  if (sessions.isError)
    return (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" c="red" role="alert">
          {describeApiError(sessions.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void sessions.refetch()} style={{ flexShrink: 0 }}>
          {t('common.retry')}
        </Button>
      </Group>
    );

  const nowMs = Date.now();
  const list = sessions.data;
  return (
    <Stack gap={6}>
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('profile.sessions.title')}
        data-testid="own-sessions"
      >
        {list.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            name={nameOf(s)}
            nowMs={nowMs}
            ending={ending}
            onEnd={() => {
              setAsked(s);
              setAsking(true);
            }}
          />
        ))}
      </Stack>
      <EndSessionDialog
        asking={asking}
        name={asked ? nameOf(asked) : ''}
        seen={asked ? ago(asked.last_seen_at, nowMs) : ''}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          if (asked) void end(asked);
        }}
      />
      {list.every((s) => s.current) && (
        <Text size="sm" c="dimmed">
          {t('profile.sessions.onlyHere')}
        </Text>
      )}
    </Stack>
  );
}
