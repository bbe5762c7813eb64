import './styles';
import { Paper, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The URL of a receipt drawn by the server for a roll width (58 or 80 mm). */
export function receiptSvgUrl(receiptNo: string, width: 58 | 80 = 80, lang?: string): string {
  const q = new URLSearchParams({ width: String(width) });
  if (lang) q.set('lang', lang);
  return `/api/receipts/${encodeURIComponent(receiptNo)}/svg?${q.toString()}`;
}

/**
 * A receipt as it prints: the server's SVG of the receipt (the same document the printer gets, in
 * the business's language), on a paper-white strip in light and dark themes alike.
 */
export function ReceiptPreview({ receiptNo, width = 80 }: { receiptNo: string; width?: 58 | 80 }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(false);
  return (
    <Paper
      shadow="sm"
      withBorder
      p="sm"
      data-testid="receipt-preview"
      style={{ background: '#fff', maxWidth: width === 58 ? 300 : 420, margin: '0 auto' }}
    >
      {!loaded && <Skeleton height={480} />}
      <img
        src={receiptSvgUrl(receiptNo, width)}
        alt={t('receipts.alt', { no: receiptNo })}
        style={{ width: '100%', display: loaded ? 'block' : 'none' }}
        onLoad={() => setLoaded(true)}
      />
    </Paper>
  );
}
