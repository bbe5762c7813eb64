import './styles';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../lib/notify';
import { CountReview } from './count-review';
import { CountedSoFar } from './counted-so-far';
import { ProductSearch } from './line-entry/product-search';
import { useCount } from './stock-api';
import { useAllowedLocations } from './use-allowed-locations';
import { type CountScreenState, useCountScreen } from './use-count-screen';

/** One open count: count blind (search, quantity, add), and for an admin review, finalise or cancel. */
export function CountScreen({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { all, admin } = useAllowedLocations();
  const count = useCount(id);
  const { entry, closing } = useCountScreen(id, onBack);
  const [reviewing, setReviewing] = useState(false);

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
          {c.freeze_sales && c.status === 'open' && (
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
              onClick={() => closing.ask('finalise')}
            >
              {t('stock.count.finalise')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => closing.ask('cancel')}
            >
              {t('stock.count.cancel')}
            </Button>
          </Group>
        )}
      </Group>
      {c.status === 'open' ? (
        <CountEntry entry={entry} />
      ) : (
        // closed elsewhere meanwhile (another till, another server): said, not left looking open
        <Alert color="gray" role="status" data-testid="count-closed">
          {t(c.status === 'finalised' ? 'stock.count.closedFinalised' : 'stock.count.closedCancelled')}
        </Alert>
      )}
      {c.note && (
        <Text size="sm" c="dimmed" data-testid="count-note">
          {c.note}
        </Text>
      )}
      {/* a finalised count opened again: its variances, as posted */}
      {admin && (reviewing || c.status === 'finalised') ? (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <CountReview count={c} />
        </Paper>
      ) : (
        <CountedSoFar count={c} />
      )}
      <CloseCountDialog closing={closing} location={locName} />
    </Stack>
  );
}

/** Find a product, type what was counted, add it (Escape goes back to the search). */
function CountEntry({ entry: e }: { entry: CountScreenState['entry'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack>
        <ProductSearch ref={e.search} onPick={(p) => void e.pick(p)} onRestore={e.restore} blind />
        {e.product && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              void e.submitEntry();
            }}
          >
            <Group align="flex-end" wrap="wrap">
              <div style={{ flex: '1 1 200px' }}>
                <Text fw={600} size="lg">
                  {e.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {e.product.code}
                </Text>
              </div>
              <TextInput
                ref={e.qtyRef}
                label={t('stock.count.countedQty')}
                description={t('stock.count.negativeHint')}
                inputMode="decimal"
                data-scan-through="slow"
                value={e.qty}
                error={e.error}
                onChange={(ev) => e.setQty(ev.currentTarget.value)}
                w={200}
                onKeyDown={(ev) => {
                  if (ev.key === 'Escape') {
                    e.setProduct(null);
                    e.search.current?.focus();
                  }
                }}
              />
              <Button type="submit" loading={e.adding} disabled={!e.canAdd}>
                {t('stock.count.addEntry')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** "Finalise the count?" / "Cancel the count?", with the server's refusal if any. */
function CloseCountDialog({
  closing: k,
  location,
}: {
  closing: CountScreenState['closing'];
  location: string;
}) {
  const { t } = useTranslation();
  const finalise = k.confirm === 'finalise';
  return (
    <Modal
      opened={k.confirm !== null}
      onClose={() => k.setConfirm(null)}
      title={finalise ? t('stock.count.finalise') : t('stock.count.cancel')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">
        {finalise
          ? t('stock.count.finaliseConfirm', { location })
          : t('stock.count.cancelConfirm', { location })}
      </Text>
      {k.confirmError && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {k.confirmError}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => k.setConfirm(null)}>
          {/* not "Cancel" beside "Cancel count" (the QA) */}
          {finalise ? t('common.cancel') : t('stock.count.keepCounting')}
        </Button>
        <Button
          color={finalise ? 'teal' : 'red'}
          loading={k.busy}
          onClick={() => k.confirm && void k.doClose(k.confirm)}
        >
          {finalise ? t('stock.count.finalise') : t('stock.count.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
