import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { testI18n } from '../../../test/render';
import { placeError } from './errors';
import type { DraftLine } from './lines';

let de: I18n;
const i18n = () => de;
beforeAll(async () => {
  de = await testI18n('de');
});

const line = (key: string, product_id: string, name: string) => ({ key, product_id, name }) as DraftLine;

describe('a refused stock document, placed by what the server names', () => {
  it('puts a shortage on the line of the product in the params, in the user’s language', () => {
    // Mehl was renamed since it was added to the draft, where it is still Weizenmehl: only its id
    // ties the refusal to the line.
    const lines = [line('a', 'p1', 'Zucker'), line('b', 'p2', 'Weizenmehl')];
    const err = new ApiError({
      kind: 'http',
      status: 409,
      code: 'insufficient_stock',
      field: 'lines',
      message: 'Not enough flour in stock: 0 on hand, 2 needed',
      params: { product_id: 'p2', name: 'Mehl', on_hand: 0 },
    });
    const placed = placeError(err, lines, i18n().t);
    expect(Object.keys(placed.lines)).toEqual(['b']);
    expect(placed.lines.b).toBe(
      'Nicht genug Mehl auf Lager: 0 vorhanden. Verringern Sie die Menge oder buchen Sie zuerst einen Wareneingang.',
    );
  });

  it('says how much is there in the numbers of the language, and without the figure words it without', () => {
    const short = (params: Record<string, unknown>) =>
      new ApiError({ kind: 'http', status: 409, code: 'insufficient_stock', message: 'English', params });
    const lines = [line('a', 'p1', 'Zucker')];
    expect(
      placeError(short({ product_id: 'p1', name: 'Zucker', on_hand: 1_234_500 }), lines, i18n().t).lines.a,
    ).toBe(
      'Nicht genug Zucker auf Lager: 1.234,5 vorhanden. Verringern Sie die Menge oder buchen Sie zuerst einen Wareneingang.',
    );
    // an older server's refusal without the figure
    expect(placeError(short({ product_id: 'p1', name: 'Zucker' }), lines, i18n().t).lines.a).toBe(
      'Nicht genug Zucker auf Lager. Verringern Sie die Menge oder buchen Sie zuerst einen Wareneingang.',
    );
  });

  it('never places by a name found in the words', () => {
    const lines = [line('a', 'p1', 'Salz')];
    const err = new ApiError({
      kind: 'http',
      status: 409,
      code: 'conflict',
      message: 'Salz was changed',
    });
    expect(placeError(err, lines, i18n().t).lines).toEqual({});
  });
});
