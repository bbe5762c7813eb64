import {
  STATUS_QUERY as DOMAIN_QUERY,
  printerProblem as domainProblem,
  readPrinterStatus as domainStatus,
} from '@duka/domain';
import { describe, expect, it } from 'vitest';
import { STATUS_QUERY, printerProblem, readPrinterStatus } from './raw-print.js';

/**
 * raw-print.ts reads the printer's status bytes itself (the helper ships on its own and cannot
 * import the domain), and the server prints with it: it must read them as the domain does.
 */
describe("raw-print's status reading, against the domain's", () => {
  it('asks the same question', () => {
    expect([...STATUS_QUERY]).toEqual([...DOMAIN_QUERY]);
  });

  it('names the same problem for every three bytes a printer can answer, and none for bytes that are no status', () => {
    // every byte a printer's status can be (bits 1 and 4 set, 0 and 7 clear: 16), and at each of
    // the three places every other byte too
    const all = Array.from({ length: 256 }, (_, i) => i);
    const status = all.filter((b) => (b & 0x93) === 0x12);
    expect(status).toHaveLength(16);
    let compared = 0;
    const differ: string[] = [];
    const compare = (answer: Buffer) => {
      const mine = readPrinterStatus(answer);
      const theirs = domainStatus(answer);
      const same =
        mine === null || theirs === null ? mine === theirs : printerProblem(mine) === domainProblem(theirs);
      if (!same) differ.push(answer.toString('hex'));
      compared += 1;
    };
    for (const x of all)
      for (const y of status)
        for (const z of status) {
          compare(Buffer.from([x, y, z]));
          compare(Buffer.from([y, x, z]));
          compare(Buffer.from([y, z, x]));
        }
    expect(compared).toBe(3 * 256 * 16 * 16);
    expect(differ).toEqual([]);
  });
});
