import { type Download, type Page, expect } from '@playwright/test';

/** Helpers of the report journeys: the filter bar, downloads, and reading the files back. */

/** Picks a location in a report's filter bar. */
export async function pickLocation(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Location', exact: true }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Picks a range preset of a report (the wide filter bar's buttons). */
export async function pickPreset(page: Page, label: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Period' }).getByText(label, { exact: true }).click();
}

/** A day ('YYYY-MM-DD') as the journeys' businesses (English, Kenyan shillings) write it: day first. */
export const typedDay = (day: string) => day.split('-').reverse().join('/');

/**
 * Types a day into the day field labelled `label` as a person there would ("05/12/2026"), leaves
 * the field (its calendar closes) and checks it shows the day so.
 */
export async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(typedDay(day));
  await field.blur();
  await expect(field).toHaveValue(typedDay(day));
  // its calendar gone (it fades out): the next field's is then the only one on the page
  await expect(page.getByRole('button', { name: 'Previous month' })).toHaveCount(0);
}

/** Types a custom range into a report's filter bar. */
export async function customRange(page: Page, from: string, to: string): Promise<void> {
  await pickPreset(page, 'Custom');
  await typeDay(page, 'From', from);
  await typeDay(page, 'To', to);
}

/** Clicks an export link and answers the file with its bytes. */
export async function download(page: Page, testId: string): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const { readFile } = await import('node:fs/promises');
  return { file, body: await readFile(await file.path()) };
}

/** The sheet names of an XLSX file, read back with exceljs. */
export async function xlsxSheets(body: Buffer): Promise<string[]> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets.map((s) => s.name);
}

/** The rows of a CSV file (its byte-order mark dropped), parsed with papaparse. */
export async function csvRows(body: Buffer): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  return Papa.parse<string[]>(body.toString('utf8').replace(/^\ufeff/, '')).data;
}

/** Whether a PDF names `title` in its info dictionary (pdfkit may write it as UTF-16BE). */
export function pdfHasTitle(pdf: Buffer, title: string): boolean {
  const utf16 = Buffer.from(title, 'utf16le').swap16();
  const text = pdf.toString('latin1');
  return (
    text.includes(title) ||
    pdf.includes(utf16) ||
    text.toLowerCase().includes(utf16.toString('hex')) ||
    // a literal string with its bytes escaped: \( \) \\ in front of the raw bytes
    pdf.includes(Buffer.from(utf16.toString('latin1').replace(/([()\\])/g, '\\$1'), 'latin1'))
  );
}
