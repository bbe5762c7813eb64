import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { useFormat } from '../../lib/format';
import { notifySuccess, serverMessage } from '../../lib/notify';
import { csvText } from './csv-text';
import { rowRefusalWords } from './import-row-errors';
import { type ImportResult, importResultSchema } from './stock-api';

/** A CSV import: the file picked, its dry run (every row checked), then all rows imported or none. */
export function useCsvImport(onClose: () => void) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const qc = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Checks the file (`commit` false) or imports it; whether it was answered (not refused, not failed). */
  const run = async (text: string, commit: boolean): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const res = await api('/api/products/import', {
        method: 'POST',
        body: { csv: text, commit },
        schema: importResultSchema,
        retry: false,
      });
      if (commit) {
        // what was written: a row that changed nothing was not
        const written = res.rows.filter((r) => r.action !== 'unchanged').length;
        notifySuccess(
          written === 0
            ? t('stock.import.nothing')
            : t('stock.import.done', { count: written, n: count(written) }),
        );
        await qc.invalidateQueries({ queryKey: ['products'] });
        close();
      } else setPreview(res);
      return true;
    } catch (err) {
      // the catalogue changed since the check (another till added a code or a barcode): the rows
      // are checked again and shown with what is wrong now, not the server's "Row 5: price…"; with
      // no answer to that check, the row the import refused as its code and params name it (the
      // rows checked before are not left showing, nor their import on offer)
      if (
        commit &&
        err instanceof ApiError &&
        err.code === 'validation_failed' &&
        err.field?.startsWith('rows.')
      ) {
        if (await run(text, false)) setError(t('stock.import.changedSinceCheck'));
        else {
          setPreview(null);
          setError(rowRefusalWords(t, err) ?? serverMessage(err));
        }
      } else setError(serverMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    const text = csvText(await file.arrayBuffer());
    setFileName(file.name);
    setCsv(text);
    setPreview(null);
    await run(text, false);
  };

  const close = () => {
    setCsv(null);
    setPreview(null);
    setError(null);
    setFileName('');
    onClose();
  };

  return { csv, fileName, preview, error, busy, run, pick, close };
}
