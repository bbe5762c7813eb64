import { type APIRequestContext, test } from '@playwright/test';
import { adminApi } from './fixtures';
import { mainLocation } from './seed';
import { dropWorkDrafts } from './stock-screens';

/** The admin's API for seeding, and the main location's id, ready once the spec's tests start. */
export interface AdminSpec {
  api: APIRequestContext;
  main: string;
}

/**
 * Opens the admin's API before a spec's tests and closes it after them. With `dropDrafts`, what
 * the admin's till or stock screens kept on the server (a cart, a document) is dropped at the end,
 * so the next spec starts from none.
 */
export function adminSpec({ dropDrafts = false } = {}): AdminSpec {
  const spec = {} as AdminSpec;
  test.beforeAll(async () => {
    spec.api = await adminApi();
    spec.main = await mainLocation(spec.api);
  });
  test.afterAll(async () => {
    if (dropDrafts) await dropWorkDrafts(spec.api);
    await spec.api.dispose();
  });
  return spec;
}
