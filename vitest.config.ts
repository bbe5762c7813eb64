import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const alias = { '@duka/domain': path.join(root, 'packages/domain/src/index.ts') };

const server = (dialect: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${dialect}`,
    include: ['apps/server/src/**/*.test.ts'],
    // Local-server features (SQLite backups) run once, on SQLite.
    exclude: dialect === 'postgres' ? ['**/*.sqlite.test.ts', '**/node_modules/**'] : ['**/node_modules/**'],
    environment: 'node',
    env: { TEST_DB: dialect },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

/**
 * Projects: the domain package, the server on SQLite and (when DATABASE_URL is set) again on
 * PostgreSQL, the web app in jsdom, the printer helper against the official qz-tray client, and
 * the end-to-end test machinery itself (e2e/support/*.test.ts: the chaos proxy against a local HTTP
 * server). Playwright's e2e/ specs (*.spec.ts) are not vitest's.
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      server('sqlite'),
      ...(process.env.DATABASE_URL ? [server('postgres')] : []),
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
          // a screen of Mantine inputs renders in seconds in jsdom on a busy 2-core machine
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'printer-helper',
          include: ['apps/printer-helper/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e-support',
          include: ['e2e/support/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
