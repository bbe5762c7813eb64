import { MAX_SALE_AMOUNT } from '@duka/domain';
import { AppError } from '../../lib/errors.js';

/**
 * A count closed already, the other way than asked (or an entry after it closed): refused with how
 * it was closed. The same close again is no refusal (finalise and cancel answer the closed count).
 */
export function countClosed(status: string): AppError<'count_closed'> {
  const closed = status === 'cancelled' ? 'cancelled' : 'finalised';
  return new AppError('count_closed', `This count is already ${closed}`, undefined, {}, { status: closed });
}

/** The words of a count's entry or correction worth more than MAX_SALE_AMOUNT (`amount_too_large`). */
export const TOO_LARGE = `A count may correct stock by at most ${MAX_SALE_AMOUNT.toLocaleString('en')} in minor units`;
