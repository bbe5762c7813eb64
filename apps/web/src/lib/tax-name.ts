import { useTranslation } from 'react-i18next';
import { useSession } from './session-context';

/**
 * What the tax is called beside its rate on screens, as on the business's receipts: the name its
 * profile gives (GST, ICMS…), else the word of the language (VAT, IVA, MwSt.).
 */
export function useTaxName(): string {
  const { t } = useTranslation();
  const own = useSession().business.tax_name.trim();
  return own || t('common.taxWord');
}
