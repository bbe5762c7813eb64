/**
 * ESC/POS bytes read back as an Epson printer prints them: commands are skipped, and each text
 * byte above 0x7F goes through the code page the last `ESC t n` selected (PC437, WPC1252 and
 * PC858, the pages receiptline's `multilingual` encoding uses for Latin text). A byte of another
 * page (page 1's line drawing of the rules) reads as one U+FFFD, so lines keep their width.
 */
const PAGES: Record<number, string> = {
  0: 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  16: '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ',
  19: 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
};

/** Bytes of the command at `i` (ESC, GS or FS and what follows), past its first byte. */
function commandLength(bytes: Buffer, i: number): number {
  const [b, c] = [bytes[i], bytes[i + 1]];
  const sized = () => 4 + bytes[i + 3]! + 256 * bytes[i + 4]!; // GS ( x / FS ( x pL pH …
  if (b === 0x1b) {
    if (c === 0x40 || c === 0x32) return 1; // ESC @, ESC 2
    if (c === 0x24 || c === 0x5c) return 3; // ESC $ nL nH, ESC \ nL nH
    if (c === 0x70) return 4; // ESC p m t1 t2
    return 2; // ESC x n
  }
  if (b === 0x1d) {
    if (c === 0x4c || c === 0x57 || c === 0x56) return 3; // GS L, GS W, GS V m n
    if (c === 0x6b) return 3 + bytes[i + 3]!; // GS k m n d…
    if (c === 0x28) return sized();
    return 2;
  }
  // FS
  if (c === 0x28) return sized();
  if (c === 0x2e || c === 0x26) return 1; // FS ., FS &
  if (c === 0x53) return 3; // FS S n1 n2
  return 2;
}

/** The printed text, line by line. */
export function printedLines(bytes: Buffer): string[] {
  let page = 0;
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x1b && bytes[i + 1] === 0x74) page = bytes[i + 2]!; // ESC t n
    if (b === 0x1b || b === 0x1d || b === 0x1c) {
      i += commandLength(bytes, i);
      continue;
    }
    if (b === 0x0a) out += '\n';
    else if (b < 0x20) continue;
    else if (b < 0x80) out += String.fromCharCode(b);
    else out += PAGES[page]?.[b - 0x80] ?? '\ufffd';
  }
  return out.split('\n');
}

/** The printed text as one string. */
export const printedText = (bytes: Buffer): string => printedLines(bytes).join('\n');

/**
 * ESC/POS bytes with a space where receiptline moves to a column (ESC $ nL nH): the printer leaves
 * a gap there that the decoded text would otherwise run together ("incl.17.31").
 */
export function withColumnGaps(bytes: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x1b && bytes[i + 1] === 0x24) {
      out.push(...bytes.subarray(i, i + 4), 0x20);
      i += 3;
    } else out.push(bytes[i]!);
  }
  return Buffer.from(out);
}
