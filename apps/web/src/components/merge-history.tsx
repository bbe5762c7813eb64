import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import { List, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fieldHistorySchema, isAdminRole } from '@duka/domain';
import { api } from '../lib/api-client';
import { useFormat } from '../lib/format';
import { type MergeDocType, type MergeLookups, lossWords } from '../lib/merge-history-words';
import { useSession } from '../lib/session-context';

/** The list each record's queries live under, so saving the record refreshes its history too. */
const QUERY_ROOT: Record<MergeDocType, string> = {
  product: 'products',
  user: 'users',
  debtor: 'debtors',
  supplier: 'suppliers',
  location: 'locations',
  business: 'business-profile',
  payment_provider: 'payment-providers',
  expense_category: 'expense-categories',
};

/** A record's values that lost a sync merge (ADR 11 §11.1): admins only, as the server says. */
export function useMergeHistory(docType: MergeDocType, id: string | null, enabled: boolean) {
  return useQuery({
    enabled: !!id && enabled,
    queryKey: [QUERY_ROOT[docType], id, 'merge-history'],
    queryFn: () => api(`/api/history/${docType}/${id}`, { schema: fieldHistorySchema }),
  });
}

/** Whether the signed-in user may read replaced values (the server's rule: admins). */
export function useCanSeeMergeHistory(): boolean {
  return isAdminRole(useSession().user.role);
}

/** The values of one record (a product, a user, a location, the business…) that a sync replaced, each as a sentence. */
export function MergeHistory({
  docType,
  id,
  lookups,
}: {
  docType: MergeDocType;
  id: string;
  lookups?: MergeLookups;
}) {
  const { t } = useTranslation();
  const format = useFormat(useSession().business);
  const history = useMergeHistory(docType, id, true);
  if (history.isPending) return <Skeleton h={28} />;
  const items = history.data?.items ?? [];
  if (!items.length) return <Text c="dimmed">{t(`history.empty.${docType}`)}</Text>;
  return (
    <List spacing="xs" size="sm" data-testid="merge-history">
      {items.map((i) => (
        <List.Item key={i.id}>{lossWords(docType, i, t, format, lookups)}</List.Item>
      ))}
    </List>
  );
}

/** The history under its heading, for a form that has no tabs (users, suppliers, settings records). */
export function MergeHistorySection(props: { docType: MergeDocType; id: string; lookups?: MergeLookups }) {
  const { t } = useTranslation();
  if (!useCanSeeMergeHistory()) return null;
  return (
    <section aria-labelledby={`merge-history-${props.id}`}>
      <Text fw={600} mt="md" mb="xs" id={`merge-history-${props.id}`}>
        {t('history.tab')}
      </Text>
      <MergeHistory {...props} />
    </section>
  );
}
