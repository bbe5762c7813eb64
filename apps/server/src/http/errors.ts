import { ERROR_STATUS, type ErrorCode, errorSchema } from '@duka/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isPrimaryKeyViolation, isUniqueViolation } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

/** Response schemas for the error statuses a route can answer with (for OpenAPI). */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<number, typeof errorSchema>;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_failed', message: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', message: 'The body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request is too large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The file is too large' },
  FST_FILES_LIMIT: { code: 'validation_failed', message: 'Send one file only' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'unsupported_media_type',
    message: 'Expected multipart/form-data',
  },
};

function send(reply: FastifyReply, code: ErrorCode, message: string, field?: string) {
  return reply.status(ERROR_STATUS[code]).send({ error: { code, message, ...(field ? { field } : {}) } });
}

/** Maps every error to `{error:{code,message}}` with a stable code; 5xx never leaks internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) void reply.header(k, v);
      return send(reply, err.code, err.message, err.field);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? 'body';
      const pathText = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const unknownKey = (first?.params as { keys?: string[] } | undefined)?.keys?.[0];
      const field = unknownKey ?? (pathText || where);
      const message = unknownKey
        ? `Unknown field: ${unknownKey}`
        : `${field}: ${first?.message ?? 'invalid value'}`;
      return send(reply, 'validation_failed', message, field);
    }
    // An insert that reused a taken id (another business's too) or a unique value that no rule
    // caught first: a clean 409 that says nothing about whose the row is (ADR 10).
    if (isPrimaryKeyViolation(err)) {
      return send(reply, 'idempotency_conflict', 'A different record was already saved with this id');
    }
    if (isUniqueViolation(err)) return send(reply, 'conflict', 'This clashes with a record already saved');
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, known.code, known.message);
    if (err.statusCode === 429) {
      return send(reply, 'rate_limited', 'Too many requests; wait a moment and try again');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, 'bad_request', err.message);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 'internal', 'Something went wrong on the server');
  });
}
