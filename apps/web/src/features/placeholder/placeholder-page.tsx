import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

/** A route whose screen comes with a later issue: titled with its menu label, nothing else yet. */
export function PlaceholderPage({ labelKeys }: { labelKeys: string[] }) {
  const { t } = useTranslation();
  return <PageHeader title={labelKeys.map((k) => t(k)).join(' › ')} />;
}
