/**
 * The answers the till's start reads, checked by code compiled at build time from their schemas in
 * `@duka/domain`, so that zod is not part of the till's first load (issue 21: zod was 25 KB of the
 * till's 238 KB of gzip, and building its schemas ran on the main thread while the till mounted).
 *
 * Each schema is turned into JSON Schema by zod itself (`z.toJSONSchema`, the input side: what the
 * server sends) and compiled by @exodus/schemasafe into a plain function with no dependency
 * (4 KB of gzip for all of them, against 8.7 KB for Ajv's standalone code; measured 1 December).
 * The web app imports them from `virtual:answer-checks` (src/lib/answer-checks.ts types them).
 * A schema JSON Schema cannot say, or whose parse changes the value (a transform, a default), fails
 * the build here; a refinement (`.refine`) is not in JSON Schema and would not be checked, so an
 * answer listed here has none.
 *
 * A compiled check answers whether the value is what the schema takes; unlike zod's `parse` it
 * keeps a key the schema does not name rather than dropping it (answer-checks.test.ts compares
 * the two on every answer and thousands of wrong ones).
 */
import { validator } from '@exodus/schemasafe';
import type { Plugin } from 'vite';
import { z } from 'zod';
import * as domain from '../../packages/domain/src/index.js';

/** Each compiled answer by name, with the schema it is compiled from. */
export const COMPILED_ANSWERS = {
  /** GET /api/me, POST /api/auth/login */
  session: () => domain.sessionDataSchema,
  /** GET /api/health */
  health: () => domain.healthSchema,
  /** GET /api/locations */
  locations: () => z.array(domain.locationSchema),
  /** GET /api/products */
  products: () => z.array(domain.productSchema),
  /** GET /api/work-drafts */
  workDrafts: () => domain.workDraftListSchema,
  /** PUT /api/work-drafts/:id (the till's cart is saved as it changes) */
  workDraft: () => domain.workDraftSchema,
  /** GET /api/sync/status */
  syncStatus: () => domain.syncStatusSchema,
  /** GET /api/notifications */
  notifications: () => domain.notificationsSchema,
  /** GET /api/storage/status */
  storageStatus: () => domain.storageStatusSchema,
  /** GET /api/daily-sales/state */
  dayState: () => domain.dayStateSchema,
} satisfies Record<string, () => z.ZodType>;

export type CompiledAnswer = keyof typeof COMPILED_ANSWERS;
/** The value each compiled answer stands for: its schema's output. */
export type CompiledAnswerValues = {
  [K in CompiledAnswer]: z.output<ReturnType<(typeof COMPILED_ANSWERS)[K]>>;
};

/** The function that checks one answer, as source: `(function() { … return validate })()`. */
export function compileAnswer(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' });
  // what zod's parse gives back must be what came in (but for the keys it drops): a transform or a
  // default would change it, and a compiled check passes the answer on as it came
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  if (
    JSON.stringify(json) !==
    JSON.stringify(output, (k, v: unknown) => (k === 'additionalProperties' && v === false ? undefined : v))
  )
    throw new Error(
      'an answer compiled to a check must read as it is: its schema has a transform or a default',
    );
  // 'strong' would also require every string to be bounded: the answers' free text is not
  const check = validator(json as Parameters<typeof validator>[0], {
    mode: 'default',
    includeErrors: false,
    // zod names uuid, email… as `format` and checks them by the `pattern` it writes beside it
    formatAssertion: false,
    allowUnusedKeywords: true,
  });
  // an expression: `(function() { … return ref0})()`, without the statement's semicolon
  return check.toModule().replace(/;\s*$/, '');
}

/** The module `virtual:answer-checks`: an object of each compiled answer's function, by name. */
export function answerChecksModule(): string {
  const entries = Object.entries(COMPILED_ANSWERS).map(
    ([name, schema]) => `  ${name}: ${compileAnswer(schema())},`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}

const ID = 'virtual:answer-checks';
const RESOLVED = `\0${ID}`;

export function answerChecks(): Plugin {
  return {
    name: 'duka-answer-checks',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? answerChecksModule() : undefined),
  };
}
