// Its own module: the locations screen and the server use it, and the till's start (which loads
// text.ts) does not carry it.
/**
 * A name as people tell names apart: letter case, width forms (ＢＲＡＮＣＨ) and runs of spaces
 * aside. Two locations of one key could not be told apart in a picker.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}
