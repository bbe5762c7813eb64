/**
 * A receipt's SVG (receiptline's) read back as the lines of text it draws, each character in its
 * column: receiptline draws a character 12 px wide, centred on its tspan's x (24 px at double
 * width, `scale(2,1)`, whose x is halved), a rule as a path across the whole line (here a line of
 * "-"), a barcode as bars (left out) with its number under them. Trailing spaces are cut, and
 * the blank lines at the end.
 */
export function svgLines(svg: string): string[] {
  const out: string[] = [];
  const columns = Number(/^<svg width="(\d+)px"/.exec(svg)?.[1]) / 12;
  for (const g of svg.matchAll(/<g transform="translate\((\d+),\d+\)">(.*?)<\/g>/g)) {
    const [, left, body] = g as unknown as [string, string, string];
    if (/^<path d="M0,12h\d+"/.test(body)) {
      out.push('-'.repeat(columns));
      continue;
    }
    const line: string[] = [];
    for (const text of body.matchAll(/<text([^>]*)>(.*?)<\/text>/g)) {
      const wide = /scale\(2,/.test(text[1]!);
      for (const span of text[2]!.matchAll(/<tspan x="(\d+)">([^<]*)<\/tspan>/g)) {
        const centre = Number(left) + Number(span[1]) * (wide ? 2 : 1);
        // a centred line may sit half a column over: it shows a whole one over
        const col = Math.floor((centre - (wide ? 12 : 6)) / 12 + 0.5);
        while (line.length < col) line.push(' ');
        line[col] = decode(span[2]!);
      }
    }
    out.push(line.join('').trimEnd());
  }
  while (out.at(-1) === '') out.pop();
  return out;
}

const decode = (s: string) =>
  s
    .replace(/&#xa0;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"');
