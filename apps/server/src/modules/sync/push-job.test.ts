import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffMs } from './push-job.js';

describe('the push backoff', () => {
  it('waits a random time in [1 s, min(5 min, 2 s·2^(n−1))], full jitter', () => {
    for (let n = 1; n <= 12; n++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, 2000 * 2 ** (n - 1));
      expect(backoffMs(n, null, () => 0)).toBe(1000);
      expect(backoffMs(n, null, () => 0.999_999)).toBeLessThanOrEqual(ceiling);
      expect(backoffMs(n, null, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99);
    }
    expect(backoffMs(30, null, () => 0.5)).toBe(BACKOFF_CAP_MS / 2);
  });

  it("honours the hosted server's Retry-After when it is longer, up to the cap", () => {
    expect(backoffMs(1, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffMs(1, 3_600_000, () => 0.5)).toBe(BACKOFF_CAP_MS);
    expect(backoffMs(10, 1_000, () => 0.5)).toBe(150_000);
  });
});
