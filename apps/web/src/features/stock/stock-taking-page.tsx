import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconClipboardList, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Product, type StockCount, formatQuantity, parseQuantity, stockCountSchema } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { ProductSearch, type ProductSearchHandle } from './line-entry/product-search';
import { useCount, useCountReview, useOpenCounts } from './stock-api';
import { useAllowedLocations } from './use-allowed-locations';

/** A signed figure with its sign written out, coloured by sign (never colour alone). */
function Signed({ value, text }: { value: number; text: string }) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return (
    <Text span fw={600} c={value > 0 ? 'teal' : value < 0 ? 'red' : 'dimmed'}>
      {sign}
      {text}
    </Text>
  );
}

function StartCount({
  onStarted,
  busyLocations,
}: {
  onStarted: (id: string) => void;
  busyLocations: string[];
}) {
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
  const submit = async () => {
    try {
      const c = await start.mutateAsync();
      await qc.invalidateQueries({ queryKey: ['stock-counts'] });
      notifySuccess(t('stock.count.started'));
      setId(uuidv7());
      setNote('');
      onStarted(c.id);
    } catch (err) {
      setError(serverMessage(err));
    }
  };
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
            loading={start.isPending}
            onClick={() => void submit()}
          >
            {t('stock.count.startButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Review({ count }: { count: StockCount }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money } = useFormat(session.business);
  const review = useCountReview(count.id, true);
  if (review.isPending) return <Skeleton h={120} />;
  if (review.isError) return <Text c="red">{serverMessage(review.error)}</Text>;
  const r = review.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('stock.count.review')}
        </Title>
        <Text>
          {t('stock.count.totalVariance')}{' '}
          <Signed value={r.total_variance_value} text={money(Math.abs(r.total_variance_value))} />
        </Text>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" data-testid="count-review">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock.line.product')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.expected')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.counted')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.variance')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.varianceValue')}</Table.Th>
              <Table.Th ta="right">{t('stock.count.movedSince')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.lines.map((l) => (
              <Table.Tr key={l.product_id} data-testid={`review-${l.product_name}`}>
                <Table.Td>{l.product_name}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.expected)}</Table.Td>
                <Table.Td ta="right">
                  {l.counted === null ? t('stock.count.notCounted') : formatQuantity(l.counted)}
                </Table.Td>
                <Table.Td ta="right">
                  {l.counted === null ? (
                    '—'
                  ) : (
                    <Signed value={l.variance} text={formatQuantity(Math.abs(l.variance))} />
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {l.counted === null ? (
                    '—'
                  ) : (
                    <Signed value={l.variance_value} text={money(Math.abs(l.variance_value))} />
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {l.moved_since_start ? formatQuantity(l.moved_since_start) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function CountScreen({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { all, admin } = useAllowedLocations();
  const count = useCount(id);
  const search = useRef<ProductSearchHandle>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [qty, setQty] = useState('1');
  const [entryId, setEntryId] = useState(() => uuidv7());
  const [error, setError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [confirm, setConfirm] = useState<'finalise' | 'cancel' | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  useEffect(() => {
    if (product) {
      qtyRef.current?.focus();
      qtyRef.current?.select();
    }
  }, [product]);

  const add = useMutation({
    mutationFn: (body: { id: string; product_id: string; quantity: number }) =>
      api(`/api/stock-counts/${id}/entries`, { method: 'POST', body, retry: true }),
  });
  const close = useMutation({
    mutationFn: (what: 'finalise' | 'cancel') =>
      api(`/api/stock-counts/${id}/${what}`, { method: 'POST', retry: true }),
  });

  const submitEntry = async () => {
    const q = parseQuantity(qty);
    if (!product) return;
    if (q === null || q === 0) return setError(t('stock.line.badQty'));
    try {
      await add.mutateAsync({ id: entryId, product_id: product.id, quantity: q });
      setEntryId(uuidv7());
      setError(null);
      setProduct(null);
      setQty('1');
      await qc.invalidateQueries({ queryKey: ['stock-counts', id] });
      search.current?.focus();
    } catch (err) {
      setError(serverMessage(err));
    }
  };

  const doClose = async (what: 'finalise' | 'cancel') => {
    try {
      await close.mutateAsync(what);
      await qc.invalidateQueries({ queryKey: ['stock-counts'] });
      await qc.invalidateQueries({ queryKey: ['products'] });
      notifySuccess(what === 'finalise' ? t('stock.count.finalised') : t('stock.count.cancelled'));
      setConfirm(null);
      onBack();
    } catch (err) {
      setConfirmError(serverMessage(err));
    }
  };

  if (count.isPending) return <Skeleton h={200} />;
  if (count.isError) return <Alert color="red">{serverMessage(count.error)}</Alert>;
  const c = count.data;
  const locName = all.find((l) => l.id === c.location_id)?.name ?? '—';
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            {t('stock.count.allCounts')}
          </Button>
          <Title order={2} size="h3">
            {t('stock.count.at', { location: locName })}
          </Title>
          {c.freeze_sales && (
            <Badge color="orange" variant="light">
              {t('stock.count.salesFrozen')}
            </Badge>
          )}
        </Group>
        {admin && c.status === 'open' && (
          <Group gap="xs">
            <Button variant={reviewing ? 'filled' : 'light'} onClick={() => setReviewing((r) => !r)}>
              {reviewing ? t('stock.count.hideReview') : t('stock.count.review')}
            </Button>
            <Button
              color="teal"
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => {
                setConfirmError(null);
                setConfirm('finalise');
              }}
            >
              {t('stock.count.finalise')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => {
                setConfirmError(null);
                setConfirm('cancel');
              }}
            >
              {t('stock.count.cancel')}
            </Button>
          </Group>
        )}
      </Group>
      {c.status === 'open' && (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Stack>
            <ProductSearch ref={search} onPick={setProduct} />
            {product && (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submitEntry();
                }}
              >
                <Group align="flex-end" wrap="wrap">
                  <div style={{ flex: '1 1 200px' }}>
                    <Text fw={600} size="lg">
                      {product.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {product.code}
                    </Text>
                  </div>
                  <TextInput
                    ref={qtyRef}
                    label={t('stock.count.countedQty')}
                    description={t('stock.count.negativeHint')}
                    inputMode="decimal"
                    value={qty}
                    error={error}
                    onChange={(e) => setQty(e.currentTarget.value)}
                    w={200}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') {
                        setProduct(null);
                        search.current?.focus();
                      }
                    }}
                  />
                  <Button type="submit" loading={add.isPending}>
                    {t('stock.count.addEntry')}
                  </Button>
                </Group>
              </form>
            )}
          </Stack>
        </Paper>
      )}
      {reviewing && admin ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Review count={c} />
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="sm">
            {t('stock.count.countedSoFar')}
          </Title>
          {c.counted.length === 0 ? (
            <Text c="dimmed">{t('stock.count.nothingCounted')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="counted">
              {c.counted.map((l) => (
                <Card key={l.product_id} withBorder padding="md" data-testid={`counted-${l.product_name}`}>
                  <Text size="sm" c="dimmed">
                    {l.product_name}
                  </Text>
                  <Text fz={36} fw={700} lh={1.1}>
                    {formatQuantity(l.quantity)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('stock.count.entries', { count: l.entries })}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Paper>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === 'finalise' ? t('stock.count.finalise') : t('stock.count.cancel')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm">
          {confirm === 'finalise'
            ? t('stock.count.finaliseConfirm', { location: locName })
            : t('stock.count.cancelConfirm', { location: locName })}
        </Text>
        {confirmError && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {confirmError}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color={confirm === 'finalise' ? 'teal' : 'red'}
            loading={close.isPending}
            onClick={() => confirm && void doClose(confirm)}
          >
            {confirm === 'finalise' ? t('stock.count.finalise') : t('stock.count.cancel')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Stock taking (/stock-taking): start a count, count blind, review, finalise or cancel. */
export function StockTakingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { dateTime } = useFormat(session.business);
  const { all } = useAllowedLocations();
  const open = useOpenCounts();
  const [current, setCurrent] = useLocalStorage<string | null>({
    key: 'duka.count.current',
    defaultValue: null,
  });
  return (
    <>
      <PageHeader title={t('menu.stockTaking')} />
      {current ? (
        <CountScreen id={current} onBack={() => setCurrent(null)} />
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
                  <Card key={c.id} withBorder padding="sm">
                    <Group justify="space-between" wrap="wrap">
                      <div>
                        <Text fw={600}>{all.find((l) => l.id === c.location_id)?.name ?? '—'}</Text>
                        <Text size="xs" c="dimmed">
                          {t('stock.count.startedAt', { when: dateTime(c.started_at) })}
                          {c.freeze_sales ? ` · ${t('stock.count.salesFrozen')}` : ''}
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
        </Stack>
      )}
    </>
  );
}
