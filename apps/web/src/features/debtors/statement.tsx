import './styles';
import { useState } from 'react';
import { Badge, Button, Group, Portal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Debtor, type Statement, paymentHow } from '@duka/domain';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';
import { type RangeChoice, choose, rangeOf, todayIn } from '../../lib/date-range';
import { statementPdfUrl, useStatement } from './debtors-api';
import { RangePicker } from '../../components/range-picker';
import classes from './statement.module.css';
import { balanceWords } from '../../lib/balance-words';
import { ListError, ListLoading } from '../../components/list-states';
import { TABULAR } from '../../lib/format';
import { PaymentVoidDialog, PaymentVoidState, type StatementEntry, struck } from './payment-void';
import { TableScroll } from '../../components/table-scroll';

const KIND_COLOR = {
  sale: 'orange',
  payment: 'teal',
  reversal: 'blue',
  payment_void: 'red',
  payout: 'grape',
} as const;

type Entry = StatementEntry;
type OnVoid = (e: Entry) => void;
/**
 * What an entry says beside its kind: the payment a void undid, how a payment came ("M-Pesa
 * QX12ABC", "Cash"), its note (a void's: its reason).
 */
function useEntryDetail() {
  const { t } = useTranslation();
  return (e: Entry) =>
    [
      e.voids_receipt_no ? t('debtors.voidsPayment', { no: e.voids_receipt_no }) : '',
      paymentHow(e, (m) => t(`debtors.methods.${m}`)),
      e.note,
    ]
      .filter(Boolean)
      .join(' · ');
}

/** The statement laid out for paper; shown only when the page is printed. */
function PrintSheet({ st, business }: { st: Statement; business: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, signedMoney, dateTime } = useFormat(session.business);
  const balance = (minor: number) => balanceWords(minor, money, t);
  const detail = useEntryDetail();
  return (
    <Portal>
      <div className={classes.sheet}>
        <h1 style={{ fontSize: '16pt', margin: 0 }}>{business}</h1>
        <h2 style={{ fontSize: '13pt', margin: '4pt 0' }}>
          {t('debtors.statementOf', { name: st.debtor.name })}
        </h2>
        <p style={{ margin: '0 0 8pt' }}>
          {[st.debtor.phone, st.debtor.id_number].filter(Boolean).join(' · ')}
          <br />
          {t('debtors.period', { from: st.from, to: st.to })}
        </p>
        <table>
          <thead>
            <tr>
              <th>{t('debtors.when')}</th>
              <th>{t('debtors.entry')}</th>
              <th className={classes.num}>{t('debtors.amount')}</th>
              <th className={classes.num}>{t('debtors.runningBalance')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={3}>{t('debtors.opening')}</td>
              <td className={classes.num}>{balance(st.opening_balance)}</td>
            </tr>
            {st.entries.map((e) => (
              <tr key={e.id}>
                <td>{dateTime(e.created_at)}</td>
                <td>
                  {t(`debtors.kinds.${e.kind}`)} #{e.receipt_no}
                  {detail(e) ? ` · ${detail(e)}` : ''}
                  {e.voided
                    ? ` · ${t('debtors.voidedBecause', { reason: e.voided.reason, no: e.voided.receipt_no })}`
                    : ''}
                </td>
                <td className={classes.num} style={struck(e)}>
                  {signedMoney(e.amount)}
                </td>
                <td className={classes.num}>{balance(e.balance)}</td>
              </tr>
            ))}
            <tr>
              <td colSpan={3}>
                <strong>{t('debtors.closing')}</strong>
              </td>
              <td className={classes.num}>
                <strong>{balance(st.closing_balance)}</strong>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Portal>
  );
}

/** The statement as a list, for phones: entry and amount, then when and the balance after. */
function NarrowStatement({ st, onVoid }: { st: Statement; onVoid: OnVoid }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, signedMoney, dateTime } = useFormat(session.business);
  const balance = (minor: number) => balanceWords(minor, money, t);
  const detail = useEntryDetail();
  const line = (left: React.ReactNode, right: React.ReactNode, testId?: string, bold = false) => (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={bold ? 700 : undefined} c={bold ? undefined : 'dimmed'}>
        {left}
      </Text>
      <Text size="sm" fw={700} style={TABULAR} data-testid={testId}>
        {right}
      </Text>
    </Group>
  );
  return (
    <Stack gap={0} data-testid="statement-table">
      {line(t('debtors.opening'), balance(st.opening_balance), 'statement-opening')}
      {st.entries.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {t('debtors.noEntries')}
        </Text>
      )}
      {st.entries.map((e) => (
        <Stack
          key={e.id}
          gap={2}
          py={8}
          data-testid={`statement-${e.receipt_no}`}
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap">
              <Badge size="sm" variant="light" color={KIND_COLOR[e.kind]} style={{ flexShrink: 0 }}>
                {t(`debtors.kinds.${e.kind}`)}
              </Badge>
              <Text size="sm">#{e.receipt_no}</Text>
            </Group>
            <Text size="sm" style={{ ...TABULAR, ...struck(e) }}>
              {signedMoney(e.amount)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed">
              {dateTime(e.created_at)}
              {detail(e) ? ` · ${detail(e)}` : ''}
            </Text>
            <Text size="sm" fw={600} style={TABULAR} data-testid="running-balance">
              {balance(e.balance)}
            </Text>
          </Group>
          <PaymentVoidState entry={e} onVoid={onVoid} />
        </Stack>
      ))}
      <div style={{ borderTop: '1px solid var(--mantine-color-default-border)', paddingTop: 8 }}>
        {line(t('debtors.closing'), balance(st.closing_balance), 'statement-closing', true)}
      </div>
    </Stack>
  );
}

/** A debtor's statement over a period: opening balance, each entry with the running balance. */
export function StatementView({ debtor }: { debtor: Debtor }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const today = todayIn(session.business.timezone);
  const [range, setRange] = useState<RangeChoice>(() => choose('30d', today));
  const { from, to } = rangeOf(range, today);
  const st = useStatement(debtor.id, from, to);
  const wide = useMediaQuery('(min-width: 36em)', true, { getInitialValueInEffect: false });
  const pdf = from && to && from <= to ? statementPdfUrl(debtor.id, from, to, i18n.language) : null;
  const [voiding, setVoiding] = useState<Entry | null>(null);

  let body: React.ReactNode;
  if (!from || !to || from > to) body = <Text c="dimmed">{t('debtors.pickRange')}</Text>;
  else if (st.isPending) body = <ListLoading rows={4} testId="statement-loading" />;
  else if (st.isError) body = <ListError onRetry={() => void st.refetch()} />;
  else
    body = !wide ? (
      <>
        <NarrowStatement st={st.data} onVoid={setVoiding} />
        <PrintSheet st={st.data} business={session.business.name} />
      </>
    ) : (
      <WideStatement st={st.data} onVoid={setVoiding} />
    );

  return (
    <Stack gap="sm">
      <RangePicker
        label={t('debtors.statementPeriod')}
        value={range}
        onChange={setRange}
        presets={['month', '30d', 'custom']}
        today={today}
      />
      <StatementActions pdf={pdf} canPrint={!!st.data} />
      {body}
      <PaymentVoidDialog debtor={debtor} entry={voiding} onClose={() => setVoiding(null)} />
    </Stack>
  );
}

/** The PDF (download or open) and printing the page. */
function StatementActions({ pdf, canPrint }: { pdf: string | null; canPrint: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={pdf ?? undefined}
        download
        variant="light"
        size="xs"
        leftSection={<IconDownload size={14} aria-hidden />}
        disabled={!pdf}
      >
        {t('debtors.downloadPdf')}
      </Button>
      <Button
        component="a"
        href={pdf ?? undefined}
        target="_blank"
        rel="noopener"
        variant="default"
        size="xs"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        disabled={!pdf}
      >
        {t('debtors.openPdf')}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPrinter size={14} aria-hidden />}
        onClick={() => window.print()}
        disabled={!canPrint}
      >
        {t('debtors.print')}
      </Button>
    </Group>
  );
}

/** The statement as a table: opening, each entry with its running balance, closing. */
function WideStatement({ st: s, onVoid }: { st: Statement; onVoid: OnVoid }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, signedMoney, dateTime } = useFormat(session.business);
  const balance = (minor: number) => balanceWords(minor, money, t);
  const detail = useEntryDetail();
  return (
    <TableScroll minWidth={420}>
      <Table verticalSpacing={6} fz="sm" data-testid="statement-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('debtors.when')}</Table.Th>
            <Table.Th colSpan={2}>{t('debtors.entry')}</Table.Th>
            <Table.Th ta="right">{t('debtors.amount')}</Table.Th>
            <Table.Th ta="right">{t('debtors.runningBalance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td colSpan={4} c="dimmed">
              {t('debtors.opening')}
            </Table.Td>
            <Table.Td ta="right" style={TABULAR} data-testid="statement-opening">
              {balance(s.opening_balance)}
            </Table.Td>
          </Table.Tr>
          {s.entries.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5} ta="center" c="dimmed">
                {t('debtors.noEntries')}
              </Table.Td>
            </Table.Tr>
          )}
          {s.entries.map((e) => (
            <Table.Tr key={e.id} data-testid={`statement-${e.receipt_no}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(e.created_at)}</Table.Td>
              {/* the kinds in a column of their own, as wide as the longest: one width for every badge */}
              <Table.Td w={1} pr={0}>
                <Badge size="sm" variant="light" color={KIND_COLOR[e.kind]} fullWidth>
                  {t(`debtors.kinds.${e.kind}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">#{e.receipt_no}</Text>
                {detail(e) && (
                  <Text size="xs" c="dimmed">
                    {detail(e)}
                  </Text>
                )}
                <PaymentVoidState entry={e} onVoid={onVoid} />
              </Table.Td>
              <Table.Td ta="right" style={{ ...TABULAR, ...struck(e) }}>
                {signedMoney(e.amount)}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={TABULAR} data-testid="running-balance">
                {balance(e.balance)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={4} fw={700}>
              {t('debtors.closing')}
            </Table.Td>
            <Table.Td ta="right" fw={700} style={TABULAR} data-testid="statement-closing">
              {balance(s.closing_balance)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <PrintSheet st={s} business={session.business.name} />
    </TableScroll>
  );
}
