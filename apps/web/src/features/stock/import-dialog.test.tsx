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
  const csv = 'code,name,price\n';
  // jsdom's File has no text()
  const file = Object.assign(new File([csv], 'products.csv', { type: 'text/csv' }), {
    text: () => Promise.resolve(csv),
  });
  fireEvent.change(input, { target: { files: [file] } });
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
    const csv = 'code,name,price\n';
    const file = Object.assign(new File([csv], 'products.csv', { type: 'text/csv' }), {
      text: () => Promise.resolve(csv),
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [file] },
    });
    expect(await screen.findByTestId('import-row-3')).toHaveTextContent('Unverändert');
    fireEvent.click(screen.getByRole('button', { name: 'Alle importieren' }));
    expect(
      await screen.findByText('Alle Produkte stimmen schon mit der Datei überein: nichts wurde geändert.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([false, true]);
  });

  it.each(LANGUAGES)('%s has words for every code and a label for every column', async (lng) => {
    const i18n = await testI18n(lng);
    const keys = [
      ...Object.values(ROW_ERROR_WORDS),
      BARCODE_TOO_LONG,
      UNKNOWN_ROW_ERROR,
      'stock.import.field',
      'stock.import.nothing',
      ...(['create', 'update', 'unchanged'] as const).map((a) => `stock.import.actions.${a}`),
      ...PRODUCT_CSV_COLUMNS.map((c) => COLUMN_LABELS[c]),
    ];
    expect(keys.filter((k) => !i18n.exists(k, { lng }))).toEqual([]);
  });
});
