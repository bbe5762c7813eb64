import './styles';
import { useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Reversal, type Sale, type SaleKind, SALE_KINDS, bareReceiptNo } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { fetchSaleByReceipt, mayReverse, reversePath } from '../sales';
import { NotOnHostedCopy } from '../sync';
import { SignedMoney } from '../../components/signed-money';
import { ReversalDone } from './reversal-done';
import { ReverseForm } from './reverse-form';

const MENU_KEY: Record<SaleKind, string> = {
  cash: 'menu.cashReverse',
  debtor: 'menu.debtorReverse',
  transfer: 'menu.transferReverse',
};

/** The kind of sale a reverse route is for: /cash-reverse → cash. */
export function kindOfPath(pathname: string): SaleKind {
  return SALE_KINDS.find((k) => pathname.startsWith(reversePath(k))) ?? 'cash';
}

function SaleSummary({ sale }: { sale: Sale }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime } = useFormat(session.business);
  const facts: [string, React.ReactNode][] = [
    [t('sales.col.time'), dateTime(sale.created_at)],
    [t('sales.col.cashier'), sale.user_name],
    [t('sales.filter.location'), sale.location_name],
    [t('sales.drawer.total'), money(sale.total)],
  ];
  if (sale.debtor_name) facts.push([t('sales.drawer.debtor'), sale.debtor_name]);
  if (sale.provider_name) facts.push([t('sales.drawer.provider'), sale.provider_name]);
  if (sale.reference) facts.push([t('sales.drawer.reference'), sale.reference]);
  if (sale.reversed_total > 0)
    facts.push([t('sales.drawer.reversedTotal'), <SignedMoney key="r" value={-sale.reversed_total} />]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="sale-summary">
      <Group gap="xs" mb="sm">
        <Text fw={700} size="lg">
          {t('sales.receiptNo', { no: sale.receipt_no })}
        </Text>
        <Badge variant="light" tt="none">
          {t(`sales.kinds.${sale.kind}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500} component="div">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function ReverseScreen({ kind, initial }: { kind: SaleKind; initial: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initial);
  const [searched, setSearched] = useState(initial.trim());
  const [done, setDone] = useState<Reversal | null>(null);
  const [formKey, setFormKey] = useState(0);
  const sale = useQuery({
    enabled: !!searched,
    queryKey: ['sales', 'receipt', searched],
    queryFn: ({ signal }) => fetchSaleByReceipt(searched, signal),
    staleTime: 0,
  });

  const findError = (() => {
    if (!searched || !sale.isError) return undefined;
    const e = sale.error;
    if (e instanceof ApiError && e.kind === 'http' && e.status === 404)
      return t('reverse.notFound', { no: bareReceiptNo(searched) });
    if (e instanceof ApiError && e.kind === 'http' && e.status === 422) return t('reverse.badNumber');
    return serverMessage(e);
  })();

  const another = () => {
    setDone(null);
    setText('');
    setSearched('');
    setFormKey((k) => k + 1);
    setTimeout(() => input.current?.focus(), 0);
  };

  if (done) return <ReversalDone reversal={done} onAnother={another} />;

  const s = sale.data;
  const nothingLeft = !!s && s.lines.every((l) => l.quantity <= l.reversed);
  return (
    <Stack>
      <ReceiptSearch
        inputRef={input}
        initial={initial}
        text={text}
        setText={setText}
        error={findError}
        onFind={() => {
          setSearched(text.trim());
          if (text.trim() === searched) void sale.refetch();
        }}
      />
      {searched && sale.isPending && (
        <Stack data-testid="sale-loading">
          <Skeleton h={90} radius="lg" />
          <Skeleton h={200} radius="lg" />
        </Stack>
      )}
      {s && (
        <>
          <SaleSummary sale={s} />
          {s.kind !== kind ? (
            <OtherKind sale={s} />
          ) : nothingLeft ? (
            <Alert color="gray" role="status">
              {t('reverse.errors.alreadyReversed', { no: s.receipt_no })}
            </Alert>
          ) : (
            <ReverseForm
              key={`${s.id}-${formKey}`}
              sale={s}
              onReload={() => sale.refetch()}
              onDone={setDone}
            />
          )}
        </>
      )}
      {!searched && (
        <Text c="dimmed" ta="center" py="lg">
          {t('reverse.start')}
        </Text>
      )}
    </Stack>
  );
}

/** The receipt number to look up, and Find. */
function ReceiptSearch({
  inputRef,
  initial,
  text,
  setText,
  error,
  onFind,
}: {
  inputRef: React.RefObject<HTMLInputElement | null>;
  initial: string;
  text: string;
  setText: (text: string) => void;
  error: string | undefined;
  onFind: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onFind();
        }}
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            ref={inputRef}
            label={t('reverse.receiptNo')}
            description={t('reverse.receiptHint')}
            placeholder="000123"
            data-autofocus
            autoFocus={!initial}
            value={text}
            error={error}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maw={360}
          />
          <Button type="submit" mt={{ base: 0, xs: 46 }} leftSection={<IconSearch size={16} aria-hidden />}>
            {t('reverse.find')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** A sale of another kind than this screen reverses: where to reverse it, if the user may. */
function OtherKind({ sale: s }: { sale: Sale }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Alert color="yellow" role="alert" title={t('reverse.otherKind.title')}>
      <Text size="sm">
        {t('reverse.otherKind.text', { no: s.receipt_no, kind: t(`sales.kinds.${s.kind}`) })}
      </Text>
      {mayReverse(session, s.kind) ? (
        <Button
          component={Link}
          to={`${reversePath(s.kind)}?receipt=${encodeURIComponent(s.receipt_no)}`}
          variant="light"
          mt="sm"
        >
          {t('reverse.otherKind.go', { kind: t(MENU_KEY[s.kind]) })}
        </Button>
      ) : (
        <Text size="sm" mt="xs">
          {t('reverse.otherKind.notAllowed', { kind: t(`sales.kinds.${s.kind}`) })}
        </Text>
      )}
    </Alert>
  );
}

/** Reverse a sale (/cash-reverse, /debtor-reverse, /transfer-reverse): the kind comes from the route. */
export function ReversePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const kind = kindOfPath(pathname);
  const initial = params.get('receipt') ?? '';
  const title = `${t('menu.reverseSale')} › ${t(MENU_KEY[kind])}`;
  return (
    <NotOnHostedCopy title={title}>
      <PageHeader title={title} />
      <ReverseScreen key={`${kind}-${initial}`} kind={kind} initial={initial} />
    </NotOnHostedCopy>
  );
}
