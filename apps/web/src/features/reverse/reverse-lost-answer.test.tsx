/** A reversal whose answer is lost: the words never say it was not saved, and the same id goes again. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { Sale } from '@duka/domain';
import { NO_ANSWER_WORDS, hookWrapper, idsOf, keyedServer } from '../../test/keyed-server';
import { useReverseForm } from './use-reverse-form';

const SALE = {
  id: '0190b1a0-0000-7000-8000-0000000000b9',
  receipt_no: '000010',
  kind: 'cash',
  lines: [
    {
      line_no: 1,
      product_id: 'p1',
      name: 'Sugar 1 kg',
      code: 'SUG',
      unit: 'each',
      quantity: 3000,
      unit_price: 10000,
      tax_rate: 0,
      gross: 30000,
      discount: 0,
      sale_discount: 0,
      net: 30000,
      tax: 0,
      reversed: 0,
    },
  ],
} as unknown as Sale;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a reversal whose answer is lost', () => {
  it('says it may already be saved, and keeps the id it was sent under', async () => {
    const srv = keyedServer({
      write: (url, body) => (url.endsWith('/reversals') ? body : undefined),
    });
    const { result } = renderHook(
      () =>
        useReverseForm(
          SALE,
          () => Promise.resolve(),
          () => undefined,
        ),
      {
        wrapper: await hookWrapper(),
      },
    );
    act(() => {
      result.current.type(1, '1');
      result.current.setReason('Damaged');
    });
    srv.down = true;
    await act(() => result.current.submit());
    expect(srv.stored.size).toBe(1);
    expect(result.current.errors.form).toBe(NO_ANSWER_WORDS);
    // the form keeps the id it was sent under: sent again, it cannot reverse twice
    expect(idsOf(srv)).toEqual([result.current.id]);
  });
});
