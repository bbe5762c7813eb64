import { describe, expect, it } from 'vitest';
import { printerProblem, readPrinterStatus, statusAnswer } from './printer-status.js';

describe('ESC/POS real-time status (DLE EOT 1, 2, 4)', () => {
  it('reads a ready printer, and the bytes an Epson printer sends for each state', () => {
    expect(readPrinterStatus([0x12, 0x12, 0x12])).toEqual({
      online: true,
      coverOpen: false,
      paperOut: false,
      paperNearEnd: false,
    });
    // cover open: offline (0x08), cover bit (0x04) of the offline cause
    expect(printerProblem(readPrinterStatus([0x1a, 0x16, 0x12])!)).toBe('printer_cover_open');
    // paper end: printing stopped (0x20) and the roll sensor says the end (0x60)
    expect(printerProblem(readPrinterStatus([0x1a, 0x32, 0x72])!)).toBe('printer_out_of_paper');
    // the sensor alone says paper end
    expect(printerProblem(readPrinterStatus([0x12, 0x12, 0x72])!)).toBe('printer_out_of_paper');
    expect(printerProblem(readPrinterStatus([0x1a, 0x12, 0x12])!)).toBe('printer_offline');
    // near end still prints
    expect(printerProblem(readPrinterStatus([0x12, 0x12, 0x1e])!)).toBeNull();
  });

  it('refuses bytes that are not status bytes, or too few', () => {
    expect(readPrinterStatus([0x12, 0x12])).toBeNull();
    expect(readPrinterStatus([0x41, 0x42, 0x43])).toBeNull();
    expect(readPrinterStatus([0x92, 0x12, 0x12])).toBeNull();
  });

  it('answers what it reads (the fake printers of the tests)', () => {
    for (const state of [
      {},
      { paperOut: true },
      { coverOpen: true },
      { online: false },
      { paperNearEnd: true },
    ]) {
      const read = readPrinterStatus(statusAnswer(state))!;
      expect(read).toMatchObject(state);
    }
  });
});
