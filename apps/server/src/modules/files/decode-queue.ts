import { AppError } from '../../lib/errors.js';

/** How many image decodes may wait for the one running before more are answered `server_busy`. */
export const MAX_DECODES_WAITING = 8;

let running = false;
const waiting: (() => void)[] = [];

/**
 * Runs `decode` when no other image decode of this process runs (sharp's own threads still share
 * the one running): a 50-megapixel image takes about a second of the processor, and several at
 * once left the sales of every business on the process waiting. Beyond `MAX_DECODES_WAITING`
 * waiting, it is not queued but answered 503 `server_busy` (try again in a moment).
 */
export async function oneDecodeAtATime<T>(decode: () => Promise<T>): Promise<T> {
  if (running) {
    if (waiting.length >= MAX_DECODES_WAITING)
      throw new AppError(
        'server_busy',
        'The server is busy reading other images; try again in a moment',
        'avatar',
        { 'Retry-After': '1' },
      );
    // the one that ends hands its turn on, `running` staying true
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running = true;
  try {
    return await decode();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }
}

/** How many image decodes wait for their turn (for tests). */
export function decodesWaiting(): number {
  return waiting.length;
}
