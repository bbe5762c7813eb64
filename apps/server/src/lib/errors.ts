import { ERROR_STATUS, type ErrorCode } from '@duka/domain';

/**
 * A failure the client can act on: a stable code (from `@duka/domain`), a message, optionally the
 * field at fault and headers to send with it. Services and repositories throw it; the HTTP layer
 * (`http/errors.ts`) turns it into a status and `{error:{code,message,field}}`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
