import './styles';
import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TFunction, i18n as I18n } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { nextJournalPage, useJournalPage } from './devices-api';
import { ListError } from '../../components/list-states';
import { TableScroll } from '../../components/table-scroll';

/**
 * What an entry records, in words: its action's (`sale.cash` → "Cash sale"); an action this web
 * does not know (a newer server's) by its document's kind, never as the code.
 */
export function actionWords(
  t: TFunction,
  i18n: I18n,
  e: { action: string; doc_type: string; detail?: Record<string, unknown> | null },
): string {
  // a deactivated user's right password is recorded as a failed sign-in, with why
  if (e.action === 'auth.login_failed' && e.detail?.reason === 'inactive')
    return t('activity.action.auth.login_failed_inactive');
  const action = `activity.action.${e.action}`;
  if (i18n.exists(action) && typeof i18n.getResource(i18n.language, 'translation', action) !== 'object')
    return t(action);
  const doc = `sync.docType.${e.doc_type}`;
  return i18n.exists(doc) ? t(doc) : '—';
}

/** The audit trail: who did what, when, from which device; older pages on asking. */
export function ActivityList() {
  const { t } = useTranslation();
  // where each page shown starts (null: the newest)
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const first = useJournalPage(null);
  const last = useJournalPage(pages.at(-1) ?? null);
  const next = nextJournalPage(last.data);
  if (first.isPending)
    return (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} />
        ))}
      </Stack>
    );
  if (first.isError) return <ListError onRetry={() => void first.refetch()} />;
  if (first.data.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('activity.empty')}
      </Text>
    );
  return (
    <Stack>
      <TableScroll minWidth={640}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activity.when')}</Table.Th>
              <Table.Th>{t('activity.who')}</Table.Th>
              <Table.Th>{t('activity.what')}</Table.Th>
              <Table.Th>{t('activity.device')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {pages.map((before) => (
            <JournalRows key={before ?? 'newest'} before={before} />
          ))}
        </Table>
      </TableScroll>
      {(next !== null || last.isPending) && (
        <Button
          variant="default"
          mx="auto"
          loading={last.isPending}
          onClick={() => next !== null && setPages((p) => [...p, next])}
        >
          {t('activity.more')}
        </Button>
      )}
    </Stack>
  );
}

/** One page of entries. */
function JournalRows({ before }: { before: string | null }) {
  const { t, i18n } = useTranslation();
  const { business } = useSession();
  const { dateTime } = useFormat(business);
  const page = useJournalPage(before);
  return (
    <Table.Tbody>
      {(page.data ?? []).map((e) => (
        <Table.Tr key={e.seq}>
          <Table.Td>{dateTime(e.created_at)}</Table.Td>
          <Table.Td>{e.user_name ?? '—'}</Table.Td>
          <Table.Td>
            {actionWords(t, i18n, e)}
            {e.subject_name && e.subject_name !== e.user_name && (
              <Text span c="dimmed" size="sm">
                {' · '}
                {e.subject_name}
              </Text>
            )}
          </Table.Td>
          <Table.Td>{e.device_name ?? e.device_id ?? '—'}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
