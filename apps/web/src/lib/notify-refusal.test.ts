import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { SODA_NOT_WHOLE } from '../test/refusals';
import { testI18n } from '../test/render';
import { refusalField as errorField, refusalText as errorText, serverMessage } from './notify';
import { compareValues } from '../components/sortable';

beforeAll(async () => {
  await testI18n('en');
});

const refused = (code: string, field?: string, message = 'Server words') =>
  new ApiError({ kind: 'http', status: 409, code, field, message });

describe('refusals in the user’s language', () => {
  it('words the codes a screen expects, by code:field first, then by code', () => {
    const known = { 'validation_failed:date': 'Not in the future', overpayment: 'Too much' };
    expect(errorText(refused('overpayment', 'amount'), known)).toBe('Too much');
    expect(errorText(refused('validation_failed', 'date'), known)).toBe('Not in the future');
    expect(errorField(refused('validation_failed', 'date'))).toBe('date');
  });

  it('falls back to the app’s own wording, never a raw code', () => {
    expect(errorText(refused('validation_failed', 'name'))).toBe(
      'Some fields are not valid. Check them and try again.',
    );
    expect(errorText(new ApiError({ kind: 'network', code: 'network' }))).toBe(
      'No answer from the server. Check the connection, then try again.',
    );
    expect(errorField(new Error('x'))).toBeUndefined();
  });
});

describe('a code this web does not know, and a wait', () => {
  it("words a newer server's code generically, never with the server's English sentence", () => {
    const text = serverMessage(refused('something_new', undefined, 'An English sentence'));
    expect(text).not.toContain('English sentence');
    expect(text).toBe('Something bad happened; please try again later.');
  });

  it("words a refused CSV file by its reason, in the user's language", async () => {
    const csv = (params: Record<string, unknown>) =>
      new ApiError({ kind: 'http', status: 422, code: 'csv_refused', message: 'English', params });
    expect(serverMessage(csv({ reason: 'missing_columns', columns: 'price' }))).toBe(
      'The file needs the columns price.',
    );
    expect(serverMessage(csv({ reason: 'not_utf8' }))).toContain('“CSV UTF-8 (Comma delimited) (*.csv)”');
    await testI18n('de');
    expect(serverMessage(csv({ reason: 'broken_row', row: 7 }))).toContain('Zeile 7 der Datei');
    expect(serverMessage(csv({ reason: 'not_utf8' }))).toContain('nicht als UTF-8 gespeichert');
    expect(serverMessage(csv({ reason: 'spreadsheet' }))).toContain('keine CSV-Datei');
    // a reason this web does not know: the file's generic words
    expect(serverMessage(csv({ reason: 'newer' }))).toBe(
      'Die Datei kann nicht importiert werden. Prüfen Sie, ob es eine CSV-Datei mit Produkten ist, und versuchen Sie es erneut.',
    );
    await testI18n('en');
  });

  it("words a fraction of a whole unit with the product and its unit, in the user's language", async () => {
    expect(serverMessage(SODA_NOT_WHOLE)).toBe(
      'Soda is counted in whole units (each): enter a quantity without decimals.',
    );
    await testI18n('de');
    expect(serverMessage(SODA_NOT_WHOLE)).toBe(
      'Soda wird in ganzen Einheiten (Stk.) gezählt: Geben Sie eine Menge ohne Nachkommastellen ein.',
    );
    await testI18n('en');
  });

  it('words a one-second wait in the singular, a longer one in the plural', async () => {
    const limited = (retryAfter: number) =>
      new ApiError({ kind: 'http', status: 429, code: 'rate_limited', retryAfter });
    expect(serverMessage(limited(1))).toBe('Too many attempts. Wait 1 second and try again.');
    expect(serverMessage(limited(30))).toBe('Too many attempts. Wait 30 seconds and try again.');
    await testI18n('de');
    expect(serverMessage(limited(1))).toContain('Warten Sie 1 Sekunde ');
    await testI18n('en');
  });
});

describe('a count or day close made away from the location’s home server', () => {
  const elsewhere = (server: string) =>
    new ApiError({
      kind: 'http',
      status: 409,
      code: 'location_elsewhere',
      message: 'Server words',
      params: { server, series: '' },
    });
  it('names the server when the server knew it, and words it without a name when not', () => {
    const named = errorText(elsewhere('Shop PC Kisumu'));
    expect(named).toContain('made on Shop PC Kisumu, the server it belongs to');
    const unnamed = errorText(elsewhere(''));
    expect(unnamed).toContain('another branch');
    expect(unnamed).not.toContain('{{');
  });
});

describe('sorting the rows shown', () => {
  const names = ['émile', 'Zawadi', 'amina', 'Item 10', 'Item 9'];
  it('sorts names in the language’s order, numbers inside names as numbers', () => {
    expect([...names].sort(compareValues)).toEqual(['amina', 'émile', 'Item 9', 'Item 10', 'Zawadi']);
  });
  it('sorts money as numbers', () => {
    expect([500, -20, 12000, 0].sort(compareValues)).toEqual([-20, 0, 500, 12000]);
  });
});
