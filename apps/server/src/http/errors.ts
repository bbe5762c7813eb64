import { type ErrorCode, type ErrorParams, errorSchema } from '@duka/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isBusy, isPrimaryKeyViolation, isUniqueViolation, violatedConstraint } from '../lib/db-errors.js';
import { type DiskHealth, isDiskFull } from '../lib/disk-health.js';
import { isAppError } from '../lib/errors.js';

/** Response schemas for the error statuses a route can answer with (for OpenAPI). */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<number, typeof errorSchema>;
}

/**
 * The one place an error code becomes an HTTP status: every code of the domain's list, the type
 * checker refusing a missing or an unknown one.
 */
const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  session_expired: 401,
  invalid_credentials: 401,
  account_inactive: 402,
  user_inactive: 403,
  forbidden: 403,
  device_not_approved: 403,
  device_blocked: 403,
  device_required: 403,
  location_not_allowed: 403,
  location_required: 422,
  business_offline: 403,
  session_is_current: 409,
  cross_site_request: 403,
  host_not_allowed: 421,
  not_found: 404,
  conflict: 409,
  already_set_up: 409,
  username_taken: 409,
  mobile_taken: 409,
  username_is_mobile: 409,
  mobile_is_username: 409,
  last_admin: 409,
  own_account: 409,
  currency_in_use: 409,
  idempotency_conflict: 409,
  insufficient_stock: 409,
  code_taken: 409,
  barcode_taken: 409,
  location_name_taken: 409,
  location_holds_stock: 409,
  product_holds_stock: 409,
  unit_in_use: 409,
  product_inactive: 409,
  product_in_count: 409,
  location_inactive: 409,
  count_open: 409,
  count_closed: 409,
  count_below_zero: 422,
  quantity_not_whole: 422,
  sales_frozen: 409,
  stock_frozen: 409,
  credit_limit_exceeded: 409,
  reference_used: 409,
  price_changed: 409,
  reversal_exceeds_sale: 409,
  already_reversed: 409,
  nothing_to_reverse: 422,
  day_closed: 409,
  already_voided: 409,
  draft_recorded: 409,
  sale_completed_elsewhere: 409,
  overpayment: 409,
  payout_exceeds_credit: 409,
  image_storage_full: 409,
  discount_not_allowed: 422,
  tendered_too_low: 422,
  no_printer: 409,
  printer_unreachable: 502,
  printer_out_of_paper: 502,
  printer_cover_open: 502,
  printer_offline: 502,
  printer_timeout: 504,
  printer_disconnected: 502,
  printing_key_unavailable: 503,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  server_busy: 503,
  amount_too_large: 422,
  csv_refused: 422,
  unsupported_file: 422,
  image_unreadable: 422,
  rate_limited: 429,
  sync_names_limited: 429,
  link_code_invalid: 422,
  link_shop_has_business: 409,
  link_business_has_data: 409,
  link_username_taken: 409,
  link_mobile_taken: 409,
  sync_already_linked: 409,
  sync_not_linked: 409,
  sync_insecure_url: 422,
  sync_unreachable: 502,
  sync_gap: 409,
  sync_diverged: 409,
  sync_revoked: 401,
  sync_forbidden: 403,
  sync_batch_invalid: 422,
  sync_schema_newer: 409,
  business_synced_from_shop: 409,
  location_elsewhere: 409,
  disk_full: 507,
  sync_pull_failed: 500,
  sync_hosted_rewound: 409,
  internal: 500,
};

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

function send(reply: FastifyReply, code: ErrorCode, message: string, field?: string, params?: ErrorParams) {
  return reply
    .status(ERROR_STATUS[code])
    .send({ error: { code, message, ...(field ? { field } : {}), ...(params ? { params } : {}) } });
}

/**
 * An answer that could not be sent because an amount in it is past what a JavaScript number holds
 * exactly (2^53 minor units): a report's sum over absurd stock or prices. The writes keep each
 * document under `MAX_SALE_AMOUNT`, but a product's stock times its price, or a sum of many, can
 * still pass it; the user is told, never a 500 nor an inexact figure.
 */
function isUnsafeAmount(err: unknown): boolean {
  if (!isResponseSerializationError(err)) return false;
  const issues = err.cause.issues;
  return (
    issues.length > 0 &&
    issues.every(
      (i) =>
        (i.code === 'too_big' && i.maximum === Number.MAX_SAFE_INTEGER) ||
        (i.code === 'too_small' && i.minimum === Number.MIN_SAFE_INTEGER),
    )
  );
}

/** A file gone from under a request outside /api: only the web app's files are read so (web-app.ts). */
function isWebFileGone(err: unknown, url: string): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT' && !url.startsWith('/api/');
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Maps every error to `{error:{code,message}}` with a stable code; 5xx never leaks internals.
 * A full disk is answered 507 `disk_full` (its real cause logged) and noted in `disk` until a
 * write succeeds again.
 */
export function installErrorHandler(app: FastifyInstance, disk: DiskHealth, now: () => Date): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) disk.noteWriteSucceeded();
    done();
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isDiskFull(err)) {
      disk.noteFull(now());
      request.log.error({ err }, 'disk full: the request was not saved');
      return send(reply, 'disk_full', "The shop computer's disk is full");
    }
    if (isBusy(err)) {
      request.log.warn({ err, url: request.url }, 'database busy: the request was not served');
      void reply.header('Retry-After', '1');
      return send(reply, 'server_busy', 'The server is busy; try again in a moment');
    }
    if (isWebFileGone(err, request.url)) {
      // a file of the web app went between its stat and its read: the app is being replaced (an update)
      request.log.warn(
        { err, url: request.url },
        'a web app file went while it was sent: the app is being replaced',
      );
      // the file's own headers were already set on the response (its type, encoding, length, caching)
      for (const name of [
        'content-type',
        'content-encoding',
        'content-length',
        'cache-control',
        'etag',
        'last-modified',
      ]) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
      void reply
        .header('Retry-After', '1')
        .header('Cache-Control', 'no-store')
        .type('application/json; charset=utf-8');
      return send(reply, 'server_busy', 'The app is being updated; try again in a moment');
    }
    if (isAppError(err)) {
      for (const [k, v] of Object.entries(err.headers)) void reply.header(k, v);
      return send(reply, err.code, err.message, err.field, err.params);
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
    if (isUnsafeAmount(err)) {
      request.log.warn({ err, url: request.url }, 'an amount too large to answer exactly');
      return send(reply, 'amount_too_large', 'An amount in the answer is too large to show exactly');
    }
    // An insert that reused a taken id (another business's too) or a unique value that no rule
    // caught first: a clean 409 that says nothing about whose the row is (ADR 10).
    if (isPrimaryKeyViolation(err)) {
      return send(reply, 'idempotency_conflict', 'A different record was already saved with this id');
    }
    if (isUniqueViolation(err)) {
      // Which rule broke is for the operator's log, never for the answer.
      request.log.warn({ constraint: violatedConstraint(err), url: request.url }, 'unique value clash');
      return send(reply, 'conflict', 'This clashes with a record already saved');
    }
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
