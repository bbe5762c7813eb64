import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../test/test-app.js';

interface Def {
  type: string;
  catchall?: { _zod: { def: Def } };
  options?: { _zod: { def: Def } }[];
  in?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
}

/** The objects of a body schema that take keys they do not name (not `z.strictObject`). */
function looseObjects(schema: unknown, where: string): string[] {
  const def = (schema as { _zod?: { def: Def } })._zod?.def;
  if (!def) return [`${where}: not a zod schema`];
  switch (def.type) {
    case 'object':
      return def.catchall?._zod.def.type === 'never' ? [] : [where];
    case 'union':
      return (def.options ?? []).flatMap((o, i) => looseObjects(o, `${where}|${i}`));
    case 'pipe':
      return looseObjects(def.in, where);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return looseObjects(def.innerType, where);
    default:
      return [];
  }
}

/**
 * Every body is refused when it carries a key the route does not name (422 "Unknown field"): a
 * typo or a forged `business_id` is never silently dropped. `POST /api/sync/link` took them (the
 * audit of 6 December); this walks every route of both modes so a new one cannot. The servers'
 * own wire (`/api/sync/v1/…`) is the exception: between releases a receiver drops the keys a newer
 * sender adds (ADR 11; its format is versioned by `SYNC_FORMAT`).
 */
describe.each(['local', 'hosted'] as const)('request bodies of a %s server', (mode) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ mode });
  });
  afterAll(() => t.close());

  it('refuse keys they do not name', () => {
    const withBody = t.app.registeredRoutes.filter((r) => r.body && !r.url.startsWith('/api/sync/v1/'));
    expect(withBody.length).toBeGreaterThan(30);
    const loose = withBody.flatMap((r) => looseObjects(r.body, `${r.method} ${r.url}`));
    expect(loose).toEqual([]);
  });
});
