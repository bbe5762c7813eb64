import './styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange, IconChevronRight, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@duka/domain';
import { useSession } from '../../lib/session-context';
import { mayOpen } from '../sales';
import { useReportFormat } from '../reports';
import { shares } from './dashboard-api';

/** A dashboard card: a heading, its content, and a link to where the work is done (if allowed). */
export function DashCard({
  title,
  icon,
  color = 'teal',
  link,
  children,
  testId,
}: {
  title: string;
  icon?: ReactNode;
  color?: string;
  link?: { to: string; label: string } | undefined;
  children: ReactNode;
  testId?: string;
}) {
  const session = useSession();
  const allowed = link && mayOpen(session, link.to.split('?')[0]!);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} h="100%" data-testid={testId}>
      <Stack gap="sm" h="100%">
        <Group gap="xs" wrap="nowrap">
          {icon && (
            <ThemeIcon variant="light" color={color} radius="md" size="md" aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Title order={2} size="h5">
            {title}
          </Title>
        </Group>
        <Box style={{ flex: 1 }}>{children}</Box>
        {allowed && (
          <Anchor component={Link} to={link.to} size="sm" fw={600}>
            <Group gap={2} component="span" wrap="nowrap">
              {link.label}
              <IconChevronRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/** This week's best sellers by net sales, each with a bar of its share of the best. */
export function TopProducts({ items }: { items: Dashboard['top_products'] }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <DashCard
      title={t('dashboard.topProducts')}
      testId="dash-top"
      link={{ to: '/period-sales', label: t('dashboard.toSalesReport') }}
    >
      {items.every((p) => p.quantity <= 0) ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.noTop')}
        </Text>
      ) : (
        <Stack gap={10} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {shares(items.filter((p) => p.quantity > 0)).map((p) => (
            <li key={p.product_id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {p.name}
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {f.money(p.net)}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Box
                  aria-hidden
                  h={6}
                  style={{ flex: 1, borderRadius: 3, background: 'var(--mantine-color-default-border)' }}
                >
                  <Box
                    h={6}
                    w={`${(p.share * 100).toFixed(1)}%`}
                    style={{ borderRadius: 3, background: 'var(--mantine-color-teal-filled)' }}
                  />
                </Box>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {t('dashboard.sold', { quantity: f.quantity(p.quantity), count: p.quantity / 1000 })}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </DashCard>
  );
}

export function LowStockCard({ low }: { low: Dashboard['low_stock'] }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <DashCard
      title={t('dashboard.lowStock')}
      icon={<IconAlertTriangle size={16} />}
      color={low.count > 0 ? 'orange' : 'teal'}
      testId="dash-low"
      link={low.count > 0 ? { to: '/stock?low=1', label: t('dashboard.toStock') } : undefined}
    >
      <Text fz={26} fw={700} lh={1.2}>
        {f.count(low.count)}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {low.count > 0 ? t('dashboard.lowHint', { count: low.count }) : t('dashboard.lowNone')}
      </Text>
      <Stack gap={4}>
        {low.items.slice(0, 5).map((p) => (
          <Group key={p.product_id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {p.name}
            </Text>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t('dashboard.ofLevel', {
                onHand: f.quantity(p.on_hand),
                level: f.quantity(p.reorder_level),
                unit: t(`stock.units.${p.unit}`),
              })}
            </Text>
          </Group>
        ))}
      </Stack>
    </DashCard>
  );
}

export function DebtorsCard({ debtors }: { debtors: Dashboard['debtors'] }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <DashCard
      title={t('dashboard.debtors')}
      icon={<IconUsers size={16} />}
      color={debtors.over_limit > 0 ? 'red' : 'grape'}
      testId="dash-debtors"
      link={{ to: '/debtors', label: t('dashboard.toDebtors') }}
    >
      <Text fz={26} fw={700} lh={1.2}>
        {f.money(debtors.owed)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('dashboard.debtorsOwe', { count: debtors.count, n: f.count(debtors.count) })}
      </Text>
      {debtors.over_limit > 0 && (
        <Text size="sm" c="var(--mantine-color-error)" fw={600} mt={4}>
          {t('dashboard.overLimit', { count: debtors.over_limit, n: f.count(debtors.over_limit) })}
        </Text>
      )}
    </DashCard>
  );
}

export function TransfersCard({ transfers }: { transfers: Dashboard['unconfirmed_transfers'] }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  return (
    <DashCard
      title={t('dashboard.transfers')}
      icon={<IconArrowsExchange size={16} />}
      color={transfers.count > 0 ? 'blue' : 'teal'}
      testId="dash-transfers"
      link={{ to: '/transfers', label: t('dashboard.toTransfers') }}
    >
      <Text fz={26} fw={700} lh={1.2}>
        {f.money(transfers.amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {transfers.count > 0
          ? t('dashboard.unconfirmed', { count: transfers.count, n: f.count(transfers.count) })
          : t('dashboard.allConfirmed')}
      </Text>
    </DashCard>
  );
}
