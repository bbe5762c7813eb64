import './styles';
import { Paper, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptColumns } from '@duka/domain';
import { useSession } from '../../lib/session-context';

/**
 * The URL of a receipt drawn by the server at 32, 42 or 48 characters a line (58 mm, or 80 mm at 42
 * or 48); without them, as the business profile lays receipts out.
 */
export function receiptSvgUrl(receiptNo: string, columns?: ReceiptColumns, lang?: string): string {
  const q = new URLSearchParams();
  if (columns) q.set('columns', String(columns));
  if (lang) q.set('lang', lang);
  const query = q.toString();
  return `/api/receipts/${encodeURIComponent(receiptNo)}/svg${query ? `?${query}` : ''}`;
}

/** How wide the strip is drawn on screen for each layout: a wider line, a wider strip. */
const STRIP_WIDTH: Record<ReceiptColumns, number> = { 32: 300, 42: 370, 48: 420 };

/**
 * A receipt as it prints: the server's SVG of the receipt (the same document the printer gets, in
 * the business's language, laid out as the profile lays receipts out unless `columns` says), on a
 * paper-white strip in light and dark themes alike.
 */
export function ReceiptPreview({ receiptNo, columns }: { receiptNo: string; columns?: ReceiptColumns }) {
  const { t } = useTranslation();
  const { business } = useSession();
  const [loaded, setLoaded] = useState(false);
  const cpl = columns ?? business.receipt_columns;
  return (
    <Paper
      shadow="sm"
      withBorder
      p="sm"
      data-testid="receipt-preview"
      style={{ background: '#fff', maxWidth: STRIP_WIDTH[cpl], margin: '0 auto' }}
    >
      {!loaded && <Skeleton height={480} />}
      <img
        src={receiptSvgUrl(receiptNo, cpl)}
        alt={t('receipts.alt', { no: receiptNo })}
        style={{ width: '100%', display: loaded ? 'block' : 'none' }}
        onLoad={() => setLoaded(true)}
      />
    </Paper>
  );
}
