import { type ErrorCode, type ErrorParams } from '@duka/domain';

/** What went wrong with a call, in terms the app can act on. */
export type ApiErrorKind = 'http' | 'network' | 'offline' | 'bad_response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;
  /** What the refusal names, for the codes that carry params (the domain's `ErrorParamsByCode`). */
  readonly params: Record<string, unknown> | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    code?: string;
    message?: string;
    field?: string;
    retryAfter?: number;
    params?: Record<string, unknown>;
  }) {
    super(init.message ?? init.code ?? init.kind);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? init.kind;
    this.field = init.field;
    this.retryAfter = init.retryAfter;
    this.params = init.params;
  }

  /** The params of a refusal with this code, as the domain types them; none for another code. */
  paramsOf<C extends ErrorCode>(code: C): Partial<ErrorParams<C>> | undefined {
    return this.kind === 'http' && this.code === code ? (this.params as Partial<ErrorParams<C>>) : undefined;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/**
 * A write got no answer (the network failed): the server may have recorded it before the
 * connection went, or not. A write that carries its own id is safe to send again as it is (the
 * same id answers the same record); sent again changed, it meets `idempotency_conflict`.
 */
export function unsent(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'network';
}

/** A read got no answer: the network failed, or the app knows it is offline and did not ask. */
export function noAnswer(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'offline');
}

/** 409: the write's id already holds a record with another body (an earlier version, recorded). */
export function isIdConflict(err: unknown): err is ApiError {
  return err instanceof ApiError && err.kind === 'http' && err.code === 'idempotency_conflict';
}
