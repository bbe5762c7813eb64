const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * A picked CSV file's text. UTF-8 first (its byte-order mark dropped, as `File.text()` did);
 * bytes that are not UTF-8 are what Excel on Windows saves as "CSV (Comma delimited)": Windows-1252,
 * read as such so "Café" stays "Café" (read as UTF-8 it came as "Caf\uFFFD", and the letter was
 * lost). A file that says it is UTF-8 (the mark) and is not is read as UTF-8 all the same: its
 * U+FFFD makes the server refuse it (`csv_refused`, `not_utf8`) rather than guess.
 */
export function csvText(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
    const marked = UTF8_BOM.every((b, i) => head[i] === b);
    return new TextDecoder(marked ? 'utf-8' : 'windows-1252').decode(bytes);
  }
}
