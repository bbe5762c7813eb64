/** What went wrong with a call, in terms the app can act on. */
export type ApiErrorKind = 'http' | 'network' | 'offline' | 'bad_response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    code?: string;
    message?: string;
    field?: string;
    retryAfter?: number;
  }) {
    super(init.message ?? init.code ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? init.kind;
    this.field = init.field;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
