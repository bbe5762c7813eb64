import compiled from 'virtual:answer-checks';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMPILED_ANSWERS, type CompiledAnswer, compileAnswer } from '../../answer-checks';
import { AnswerMismatch, answerCheck } from './answer-checks';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
}

const UUID = '01a232ae-0af7-744d-8baf-915e61dda4ce';

/** A value the schema takes: every property, one item per array, the first of each choice. */
function sample(s: JsonSchema): Json {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0]!;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return sample(choice[0]!);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v);
      if (!s.properties && typeof s.additionalProperties === 'object')
        out.some_key = sample(s.additionalProperties);
      return out;
    }
    case 'array':
      return s.items ? [sample(s.items)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (s.format === 'uuid') return UUID;
      if (s.format === 'date-time') return '2026-12-01T10:00:00.000Z';
      if (s.format === 'date') return '2026-12-01';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

/** The value with the thing at each path replaced by each of a few wrong ones, or dropped. */
function* mutations(value: Json, path: string[] = []): Generator<{ at: string; value: Json }> {
  const wrongs: Json[] = [null, 'x', 12.5, -3, true, {}, []];
  for (const wrong of wrongs)
    if (JSON.stringify(wrong) !== JSON.stringify(value)) yield { at: path.join('.'), value: wrong };
  if (Array.isArray(value)) {
    yield { at: `${path.join('.')}+`, value: [...value, ...value] };
    for (const [i, item] of value.entries())
      for (const m of mutations(item, [...path, String(i)]))
        yield { at: m.at, value: value.map((x, j) => (j === i ? m.value : x)) };
  } else if (value && typeof value === 'object') {
    yield { at: `${path.join('.')}+extra`, value: { ...value, not_in_the_schema: 1 } };
    for (const key of Object.keys(value)) {
      const { [key]: item, ...rest } = value;
      yield { at: `${[...path, key].join('.')}-`, value: rest };
      for (const m of mutations(item!, [...path, key]))
        yield { at: m.at, value: { ...rest, [key]: m.value } };
    }
  }
}

const names = Object.keys(COMPILED_ANSWERS) as CompiledAnswer[];

describe('answer checks compiled from the domain schemas', () => {
  it.each(names)('%s takes what its zod schema takes and refuses what it refuses', (name) => {
    const schema = COMPILED_ANSWERS[name]();
    const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
    const check = compiled[name]!;
    const valid = sample(json);
    expect(schema.safeParse(valid).success, JSON.stringify(valid)).toBe(true);
    expect(check(valid)).toBe(true);
    let refused = 0;
    for (const m of mutations(valid)) {
      const byZod = schema.safeParse(m.value).success;
      if (!byZod) refused += 1;
      expect({ at: m.at, compiled: check(m.value) }).toEqual({ at: m.at, compiled: byZod });
    }
    // the mutations reach the schema's rules: most of them break one
    expect(refused).toBeGreaterThan(3);
  });

  it('keeps the value as the server sent it, and refuses a wrong one with the answer named', () => {
    const check = answerCheck('health');
    const answer = { status: 'ok', mode: 'hosted', version: '1.2.3' };
    expect(check.safeParse(answer)).toEqual({ success: true, data: answer });
    const wrong = check.safeParse({ status: 'ok', mode: 'cloud', version: '1.2.3' });
    expect(wrong.success).toBe(false);
    expect(!wrong.success && wrong.error).toBeInstanceOf(AnswerMismatch);
    expect(!wrong.success && (wrong.error as AnswerMismatch).answer).toBe('health');
  });

  it('fails the build on a schema JSON Schema cannot say, or whose parse changes the value', () => {
    expect(() => compileAnswer(z.object({ a: z.string(), b: z.array(z.number().int()) }))).not.toThrow();
    expect(() => compileAnswer(z.date())).toThrow();
    expect(() => compileAnswer(z.object({ n: z.string().transform((s) => s.length) }))).toThrow();
    expect(() => compileAnswer(z.object({ n: z.number().default(0) }))).toThrow();
  });
});
