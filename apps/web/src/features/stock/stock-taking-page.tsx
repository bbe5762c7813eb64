import './styles';
import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { stockCountSchema } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { ClosedCounts } from './closed-counts';
import { CountScreen } from './count-screen';
import { useOpenCounts } from './stock-api';
import { useAllowedLocations } from './use-allowed-locations';

/** Starting a count: at a location with no open count (home first), freezing its sales or not, a note. */
export function useStartCount(busyLocations: string[], onStarted: (id: string) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { allowed, home } = useAllowedLocations();
  const free = allowed.filter((l) => !busyLocations.includes(l.id));
  const [location, setLocation] = useState<string | null>(null);
  const [freeze, setFreeze] = useState(false);
  const [note, setNote] = useState('');
  const [id, setId] = useState(() => uuidv7());
  const [error, setError] = useState<string | null>(null);
  const chosen = location ?? (free.some((l) => l.id === home) ? home : (free[0]?.id ?? null));
  const start = useMutation({
    mutationFn: () =>
      api('/api/stock-counts', {
        method: 'POST',
        body: { id, location_id: chosen, freeze_sales: freeze, note },
        schema: stockCountSchema,
        retry: true,
      }),
  });
  /**
   * 409: this count was started under its id with other settings, while its answer was lost: it is
   * open, so it is opened (not fetched: the id stays, and the words say so).
   */
  const startedEarlier = async (): Promise<boolean> => {
    const c = await api(`/api/stock-counts/${id}`, { schema: stockCountSchema }).catch((e: unknown) => {
      console.error('Fetching the count stored under this id failed', e);
      return null;
    });
    if (!c) return false;
    await qc.invalidateQueries({ queryKey: ['stock-counts'] });
    notifyWarning(t('stock.count.startedEarlier'));
    setId(uuidv7());
    setNote('');
    onStarted(c.id);
    return true;
  };
  const submit = async () => {
    try {
      const c = await start.mutateAsync();
      await qc.invalidateQueries({ queryKey: ['stock-counts'] });
      notifySuccess(t('stock.count.started'));
      setId(uuidv7());
      setNote('');
      onStarted(c.id);
    } catch (err) {
      if (isIdConflict(err) && (await startedEarlier())) return;
      setError(keyedWriteText(err));
    }
  };
  return {
    free,
    chosen,
    setLocation,
    freeze,
    setFreeze,
    note,
    setNote,
    error,
    busy: start.isPending,
    submit,
  };
}

function StartCount({
  onStarted,
  busyLocations,
}: {
  onStarted: (id: string) => void;
  busyLocations: string[];
}) {
  const { t } = useTranslation();
  const { free, chosen, setLocation, freeze, setFreeze, note, setNote, error, busy, submit } = useStartCount(
    busyLocations,
    onStarted,
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="sm">
        {t('stock.count.start')}
      </Title>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('stock.doc.location')}
            data={free.map((l) => ({ value: l.id, label: l.name }))}
            value={chosen}
            onChange={setLocation}
            allowDeselect={false}
            error={error}
          />
          <Switch
            mt={{ base: 0, sm: 30 }}
            label={t('stock.count.freeze')}
            description={t('stock.count.freezeHint')}
            checked={freeze}
            onChange={(e) => setFreeze(e.currentTarget.checked)}
          />
        </SimpleGrid>
        <Textarea
          label={t('stock.doc.note')}
          autosize
          minRows={1}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconClipboardList size={16} aria-hidden />}
            disabled={!chosen}
            loading={busy}
            onClick={() => void submit()}
          >
            {t('stock.count.startButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Stock taking (/stock-taking): start a count, count blind, review, finalise or cancel. */
export function StockTakingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  const { all } = useAllowedLocations();
  const qc = useQueryClient();
  const open = useOpenCounts();
  const [current, setCurrent] = useLocalStorage<string | null>({
    key: 'duka.count.current',
    defaultValue: null,
  });
  const backToList = () => {
    setCurrent(null);
    // how far each count has gone moved while one was counted, here and on other phones
    void qc.invalidateQueries({ queryKey: ['stock-counts', 'open'], exact: true });
  };
  return (
    <>
      <PageHeader title={t('menu.stockTaking')} />
      {current ? (
        <CountScreen id={current} onBack={backToList} />
      ) : (
        <Stack>
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={2} size="h4" mb="sm">
              {t('stock.count.open')}
            </Title>
            {open.isPending ? (
              <Skeleton h={60} />
            ) : !open.data?.length ? (
              <Text c="dimmed">{t('stock.count.noneOpen')}</Text>
            ) : (
              <Stack gap="xs">
                {open.data.map((c) => (
                  <Card key={c.id} withBorder padding="sm" data-testid={`count-card-${c.id}`}>
                    <Group justify="space-between" wrap="wrap">
                      <div>
                        <Text fw={600}>{all.find((l) => l.id === c.location_id)?.name ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          {t('stock.count.startedAt', { when: dateTime(c.started_at) })}
                          {c.freeze_sales ? ` · ${t('stock.count.salesFrozen')}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed" data-testid={`count-progress-${c.id}`}>
                          {t('stock.count.productsCounted', { count: c.products_counted })} ·{' '}
                          {t('stock.count.entries', { count: c.entries })}
                        </Text>
                      </div>
                      <Button variant="light" onClick={() => setCurrent(c.id)}>
                        {t('stock.count.continue')}
                      </Button>
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
          </Paper>
          <StartCount onStarted={setCurrent} busyLocations={(open.data ?? []).map((c) => c.location_id)} />
          <ClosedCounts locations={all} onOpen={setCurrent} />
        </Stack>
      )}
    </>
  );
}
