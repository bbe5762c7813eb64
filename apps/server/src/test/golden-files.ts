import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Golden files: output compared byte for byte with a file kept beside the tests. After a
 * deliberate change, look at the new output and rewrite them with UPDATE_GOLDEN=1.
 */
const update = process.env.UPDATE_GOLDEN === '1';

/** receiptline names the SVG's filter with a fresh UUID each time; everything else is stable. */
export const stableSvg = (svg: string) => svg.replace(/receipt-[0-9a-f-]{36}/g, 'receipt-ID');

/** `actual` as the golden file `name` in `dir` (written first with UPDATE_GOLDEN=1). */
export function compareGolden(dir: string, name: string, actual: Buffer): void {
  const file = path.join(dir, name);
  if (update) fs.writeFileSync(file, actual);
  if (!fs.existsSync(file))
    throw new Error(`No golden file ${name}: run with UPDATE_GOLDEN=1 and look at it`);
  const expected = fs.readFileSync(file);
  expect(actual.equals(expected), `${name} differs from its golden file`).toBe(true);
}
