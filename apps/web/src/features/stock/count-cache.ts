import type { QueryClient } from '@tanstack/react-query';
import { type StockCount, compareIds, compareText } from '@duka/domain';

type Counted = StockCount['counted'][number];

/** The server's order of the counted totals: by product name, then id. */
const byName = (a: Counted, b: Counted) =>
  compareText(a.product_name, b.product_name) || compareIds(a.product_id, b.product_id);

/**
 * The count as the screen holds it, after an entry whose answer is the count with that entry's
 * product's total only (every counter's entries summed): that product's line takes the new total
 * where it stands, or comes in at its place by name; the other lines stay as they were read.
 */
export function withEntryAnswer(count: StockCount, answer: StockCount): StockCount {
  const counted = [...count.counted];
  for (const line of answer.counted) {
    const at = counted.findIndex((l) => l.product_id === line.product_id);
    if (at >= 0) counted[at] = line;
    else {
      const next = counted.findIndex((l) => byName(l, line) > 0);
      counted.splice(next < 0 ? counted.length : next, 0, line);
    }
  }
  // an entry's answer is as of no journal position: the next read asks from the count's last one
  return { ...answer, counted, as_of: answer.as_of ?? count.as_of, boot: answer.boot ?? count.boot };
}

/**
 * A read of the count into what the screen holds: an answer `since` its last read brings only the
 * products counted or renamed meanwhile (a count of a whole shop is half a megabyte every 20 s
 * otherwise, on each counter's phone); one without it is the whole count.
 */
export function withCountRead(held: StockCount | undefined, answer: StockCount): StockCount {
  return held && answer.since !== undefined ? withEntryAnswer(held, answer) : answer;
}

/** The query of a count read again: only what changed since the count the screen holds. */
export function countReadPath(id: string, held: StockCount | undefined): string {
  const since = held?.status === 'open' ? held.as_of : undefined;
  if (since === undefined) return `/api/stock-counts/${id}`;
  // the shop server's start it was read under: after a restart (a restore) it answers whole
  return `/api/stock-counts/${id}?since=${since}${held?.boot ? `&boot=${held.boot}` : ''}`;
}

/**
 * How long after a scan an admin's review, when shown beside the scanning, is read again: once the
 * scans pause, not after each (the review is every product of the count, expected figures and
 * values: half a megabyte for a whole shop, per scan at a scanner's pace).
 */
export const REVIEW_AFTER_MS = 2_000;
const reviewReads = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * An entry's answer into the count the screen holds (`useCount`), which is not read again whole
 * after every scan; an admin's review (expected figures, values), when shown, is read again once
 * the scans pause (`REVIEW_AFTER_MS`), and counts as out of date meanwhile.
 */
export function takeEntryAnswer(qc: QueryClient, id: string, answer: StockCount): void {
  qc.setQueryData<StockCount>(['stock-counts', id], (c) => c && withEntryAnswer(c, answer));
  const review = ['stock-counts', id, 'review'];
  void qc.invalidateQueries({ queryKey: review, refetchType: 'none' });
  clearTimeout(reviewReads.get(id));
  reviewReads.set(
    id,
    setTimeout(() => {
      reviewReads.delete(id);
      void qc.invalidateQueries({ queryKey: review });
    }, REVIEW_AFTER_MS),
  );
}
