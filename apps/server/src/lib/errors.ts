import type { ErrorCode, ErrorParams } from '@duka/domain';

/**
 * A failure the client can act on: a stable code (from `@duka/domain`), a message, optionally the
 * field at fault, headers to send with it and, for the codes that have them, the params its message
 * names (so the web can word it). Services and repositories throw it; the HTTP layer
 * (`http/errors.ts`) turns the code into a status and the rest into `{error:{code,message,field,params}}`.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly params?: ErrorParams<C>,
  ) {
    super(message);
  }
}

/** An AppError of any code (`instanceof` alone would leave its code and params untyped). */
export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
