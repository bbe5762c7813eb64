import compiled from 'virtual:answer-checks';
import type { CompiledAnswer, CompiledAnswerValues } from '../../answer-checks';
import type { AnswerSchema } from './api-client';

/** Why an answer was refused by a compiled check (logged; the user sees `bad_response`). */
export class AnswerMismatch extends Error {
  constructor(readonly answer: CompiledAnswer) {
    super(`the answer does not match the ${answer} schema`);
  }
}

/**
 * An answer's check compiled from its `@duka/domain` schema at build time (answer-checks.ts beside
 * vite.config.ts), for `api(path, { schema })`: the till's start reads its answers with these, and
 * zod is not part of its load (issue 21). The value passes as the server sent it.
 */
export function answerCheck<K extends CompiledAnswer>(answer: K): AnswerSchema<CompiledAnswerValues[K]> {
  // the module has one function for each name of COMPILED_ANSWERS, the names CompiledAnswer has
  const check = compiled[answer] as (data: unknown) => boolean;
  return {
    safeParse: (data) =>
      check(data)
        ? { success: true, data: data as CompiledAnswerValues[K] }
        : { success: false, error: new AnswerMismatch(answer) },
  };
}
