import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { semicolonFormulas } from '../test/spreadsheet-cells.js';
import { toCsvRows } from './csv.js';

describe('the CSV writer', () => {
  it('quotes every text cell, leaves numbers and empty cells bare, and escapes a formula', () => {
    expect(toCsvRows([['Sugar', 12.5, '-3', null, '=1+1', 'say "hi"'], [], ['Total', '', 7]])).toBe(
      '"Sugar",12.5,"-3",,"\'=1+1","say ""hi"""\r\n\r\n"Total",,7',
    );
  });

  it("writes no cell that a ';' spreadsheet starts with a formula character, and reads back the same", () => {
    const rows = [
      ['INJ1', "Soap;=1+1+cmd|' /C calc'!A0", 'Home;@SUM(1+1)', 100],
      ['INJ2', 'a;+1', 'b;-2;\t=3', -4.5],
    ];
    const csv = toCsvRows(rows);
    expect(semicolonFormulas(csv)).toEqual([]);
    expect(Papa.parse<string[]>(csv, { dynamicTyping: true }).data).toEqual(rows);
  });
});
