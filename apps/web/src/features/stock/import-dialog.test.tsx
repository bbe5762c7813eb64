import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { IMPORT_ROW_ERROR_CODES, LANGUAGES, PRODUCT_CSV_COLUMNS } from '@duka/domain';
import { json } from '../../test/history-fixtures';
import { makeSession, renderApp, testI18n } from '../../test/render';
import { ImportDialog } from './import-dialog';
import { BARCODE_TOO_LONG, COLUMN_LABELS, ROW_ERROR_WORDS, UNKNOWN_ROW_ERROR } from './import-row-errors';
import type { ImportResult } from './stock-api';

/** The CSV import's row errors come as codes and are worded in the user's language, never shown raw. */

const preview: ImportResult = {
  committed: false,
  valid: false,
  rows: [
    { row: 2, code: 'SUG1', name: 'Zucker', action: 'create', errors: [] },
    {
      row: 3,
      code: 'OIL1',
      name: 'Öl',
      action: 'update',
      errors: [
        { field: 'price', code: 'not_an_amount', params: { decimals: 2 } },
        { field: 'tax_rate', code: 'not_a_percentage' },
        { field: 'active', code: 'not_yes_no' },
        { field: 'barcodes', code: 'barcode_taken', params: { barcode: '6009' } },
      ],
    },
    {
      row: 4,
      code: 'TEA',
      name: '',
      action: 'create',
      errors: [
        { field: 'name', code: 'required' },
        { field: 'category', code: 'too_long', params: { max: 60 } },
        { field: 'code', code: 'code_repeated', params: { row: 3 } },
        // a newer server's code: worded generically, not shown
        { field: 'unit', code: 'unit_retired' },
      ],
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

/** A picked file of these bytes (text: as UTF-8). jsdom's File has no arrayBuffer(). */
function csvFile(content: string | Uint8Array<ArrayBuffer>): File {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return Object.assign(new File([bytes], 'products.csv', { type: 'text/csv' }), {
    arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
  });
}

/** The dialog open, `file` picked: the csv of each import request sent. */
async function sentCsv(file: File): Promise<string[]> {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url !== '/api/products/import') return Promise.resolve(json([]));
      sent.push((JSON.parse(init?.body as string) as { csv: string }).csv);
      return Promise.resolve(json({ ...preview, valid: true, rows: preview.rows.slice(0, 1) }));
    }),
  );
  await renderApp(<ImportDialog opened onClose={() => undefined} />, {
    session: makeSession({ role: 'admin' }),
    lng: 'en',
  });
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });
  await screen.findByTestId('import-row-2');
  return sent;
}

async function showPreview(lng: 'en' | 'de') {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return Promise.resolve(url === '/api/products/import' ? json(preview) : json([]));
    }),
  );
  await renderApp(<ImportDialog opened onClose={() => undefined} />, {
    session: makeSession({ role: 'admin' }),
    lng,
  });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [csvFile('code,name,price\n')] } });
  await screen.findByTestId('import-row-4');
  expect(asked).toContain('/api/products/import');
  const lines = (row: number) =>
    [...screen.getByTestId(`import-row-${row}`).querySelectorAll('td:last-child div')].map(
      (d) => d.textContent,
    );
  return lines;
}

describe('the CSV import dialog', () => {
  it("words each row's errors in German, with the field's label and column", async () => {
    const lines = await showPreview('de');
    expect(lines(3)).toEqual([
      'Verkaufspreis (price): Kein Betrag, zum Beispiel 120.50',
      'Steuersatz (tax_rate): Kein Prozentsatz von 0 bis 100',
      'Aktiv (active): Schreiben Sie yes oder no',
      'Barcodes (barcodes): Der Barcode 6009 gehört zu einem anderen Produkt',
    ]);
    expect(lines(4)).toEqual([
      'Name (name): Erforderlich: die Zelle ist leer',
      'Kategorie (category): Zu lang: höchstens 60 Zeichen',
      'Code (code): Der Code steht auch in Zeile 3',
      'Einheit (unit): Dieser Wert ist ungültig',
    ]);
    const table = screen.getByTestId('import-preview').textContent;
    for (const code of [...IMPORT_ROW_ERROR_CODES, 'unit_retired']) expect(table).not.toContain(code);
  });

  it('words them in English too', async () => {
    const lines = await showPreview('en');
    expect(lines(3)).toContain('Tax rate (tax_rate): Not a percentage from 0 to 100');
    expect(lines(3)).toContain('Barcodes (barcodes): The barcode 6009 belongs to another product');
  });

  it('shows a row that changes nothing as such, and says so when the import changed nothing', async () => {
    const same: ImportResult = {
      committed: false,
      valid: true,
      rows: [
        { row: 2, code: 'SUG1', name: 'Zucker', action: 'unchanged', errors: [] },
        { row: 3, code: 'OIL1', name: 'Öl', action: 'unchanged', errors: [] },
      ],
    };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url !== '/api/products/import') return Promise.resolve(json([]));
        const body = JSON.parse(init?.body as string) as { commit: boolean };
        sent.push(body.commit);
        return Promise.resolve(json({ ...same, committed: body.commit }));
      }),
    );
    await renderApp(<ImportDialog opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'de',
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [csvFile('code,name,price\n')] },
    });
    expect(await screen.findByTestId('import-row-3')).toHaveTextContent('Unverändert');
    fireEvent.click(screen.getByRole('button', { name: 'Alle importieren' }));
    expect(
      await screen.findByText('Alle Produkte stimmen schon mit der Datei überein: nichts wurde geändert.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([false, true]);
  });

  it('a file refused at import (the products changed since its check) is checked again and its rows shown', async () => {
    const sent: boolean[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url !== '/api/products/import') return Promise.resolve(json([]));
        const { commit } = JSON.parse(init?.body as string) as { commit: boolean };
        sent.push(commit);
        // checked fine, then another till took the barcode: the import is refused, the check shows why
        if (commit)
          return Promise.resolve(
            json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Row 3: barcodes: barcode_taken',
                  field: 'rows.3.barcodes',
                },
              },
              422,
            ),
          );
        return Promise.resolve(
          json(sent.length === 1 ? { ...preview, valid: true, rows: preview.rows.slice(0, 1) } : preview),
        );
      }),
    );
    await renderApp(<ImportDialog opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'en',
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [csvFile('code,name,price\n')] },
    });
    await screen.findByTestId('import-row-2');
    fireEvent.click(screen.getByRole('button', { name: 'Import all' }));
    expect(await screen.findByText(/The products changed since the file was checked/)).toBeInTheDocument();
    expect(await screen.findByTestId('import-row-3')).toHaveTextContent(
      'The barcode 6009 belongs to another product',
    );
    expect(screen.queryByText(/Row 3: barcodes/)).toBeNull();
    expect(sent).toEqual([false, true, false]);
  });

  /** A file checked fine whose import is refused with `refusal`, and whose check again gets `recheck`. */
  async function refusedImport(refusal: unknown, recheck: Response, lng: 'en' | 'de') {
    const sent: boolean[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url !== '/api/products/import') return Promise.resolve(json([]));
        const { commit } = JSON.parse(init?.body as string) as { commit: boolean };
        sent.push(commit);
        if (commit) return Promise.resolve(json({ error: refusal }, 422));
        return Promise.resolve(
          sent.length === 1 ? json({ ...preview, valid: true, rows: preview.rows.slice(0, 1) }) : recheck,
        );
      }),
    );
    await renderApp(<ImportDialog opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng,
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [csvFile('code,name,price\n')] },
    });
    await screen.findByTestId('import-row-2');
    fireEvent.click(screen.getByRole('button', { name: lng === 'de' ? 'Alle importieren' : 'Import all' }));
    return sent;
  }

  it('words the row the import refused from its code and params when the check again gets no answer', async () => {
    const sent = await refusedImport(
      {
        code: 'validation_failed',
        message: 'Row 5: price: not_an_amount',
        field: 'rows.5.price',
        params: { row: 5, column: 'price', row_error: 'not_an_amount', decimals: 2 },
      },
      json({ error: { code: 'server_busy', message: 'The database is busy' } }, 503),
      'de',
    );
    expect(
      await screen.findByText(
        'Es wurde nichts importiert. Zeile 5: Verkaufspreis (price): Kein Betrag, zum Beispiel 120.50',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Row 5|not_an_amount/)).toBeNull();
    // the rows checked before the refusal are not left on offer
    expect(screen.queryByTestId('import-preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Alle importieren' })).toBeDisabled();
    expect(sent).toEqual([false, true, false]);
  });

  it("words the other row a refused row's error names", async () => {
    await refusedImport(
      {
        code: 'validation_failed',
        message: 'Row 4: code: code_repeated',
        field: 'rows.4.code',
        params: { row: 4, column: 'code', row_error: 'code_repeated', other_row: 2 },
      },
      json({ error: { code: 'server_busy', message: 'busy' } }, 503),
      'en',
    );
    expect(
      await screen.findByText('Nothing was imported. Row 4: Code (code): The code is also on row 2'),
    ).toBeInTheDocument();
  });

  it('says a refusal that names no row error in its own words, never its message', async () => {
    await refusedImport(
      { code: 'validation_failed', message: 'Row 3: barcodes: barcode_taken', field: 'rows.3.barcodes' },
      json({ error: { code: 'server_busy', message: 'busy' } }, 503),
      'en',
    );
    expect(
      await screen.findByText('Some fields are not valid. Check them and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Row 3|barcode_taken/)).toBeNull();
  });

  it('says an empty file has no products in it, not that some fields are not valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/products/import'
            ? json({ error: { code: 'csv_refused', field: 'csv', params: { reason: 'empty' } } }, 422)
            : json([]),
        ),
      ),
    );
    await renderApp(<ImportDialog opened onClose={() => undefined} />, {
      session: makeSession({ role: 'admin' }),
      lng: 'de',
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [csvFile('')] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Die Datei enthält keine Artikel\./);
    expect(screen.getByRole('button', { name: 'Alle importieren' })).toBeDisabled();
  });

  it.each(LANGUAGES)('%s names every column the import takes in its help, buying_price too', async (lng) => {
    const i18n = await testI18n(lng);
    const hint = i18n.t('stock.import.hint', { lng });
    expect(PRODUCT_CSV_COLUMNS.filter((c) => !new RegExp(`\\b${c}\\b`).test(hint))).toEqual([]);
  });

  // "Café" in Windows-1252 (Excel's "CSV (Comma delimited)"): é is the one byte 0xE9
  const cp1252 = (head: number[] = []) =>
    new Uint8Array([...head, ...new TextEncoder().encode('code,name,price\nC1,Caf'), 0xe9, 0x0a]);

  it('sends a file Excel saved as Windows-1252 with its letters, not a U+FFFD', async () => {
    expect(await sentCsv(csvFile(cp1252()))).toEqual(['code,name,price\nC1,Café\n']);
  });

  it('sends a UTF-8 file with its byte-order mark dropped', async () => {
    expect(await sentCsv(csvFile('\ufeffcode,name,price\nC1,Café\n'))).toEqual([
      'code,name,price\nC1,Café\n',
    ]);
  });

  it('sends a file marked UTF-8 that is not as UTF-8, its U+FFFD for the server to refuse', async () => {
    expect(await sentCsv(csvFile(cp1252([0xef, 0xbb, 0xbf])))).toEqual(['code,name,price\nC1,Caf\uFFFD\n']);
  });

  it.each(LANGUAGES)('%s has words for every code and a label for every column', async (lng) => {
    const i18n = await testI18n(lng);
    const keys = [
      ...Object.values(ROW_ERROR_WORDS),
      BARCODE_TOO_LONG,
      UNKNOWN_ROW_ERROR,
      'stock.import.field',
      'stock.import.nothing',
      'stock.import.refusedRow',
      ...(['create', 'update', 'unchanged'] as const).map((a) => `stock.import.actions.${a}`),
      ...PRODUCT_CSV_COLUMNS.map((c) => COLUMN_LABELS[c]),
    ];
    expect(keys.filter((k) => !i18n.exists(k, { lng }))).toEqual([]);
  });
});
