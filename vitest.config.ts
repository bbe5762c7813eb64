import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { answerChecks } from './apps/web/answer-checks.js';

const root = import.meta.dirname;
const alias = {
  '@duka/domain': path.join(root, 'packages/domain/src/index.ts'),
  '@duka/printer-helper/raw-print': path.join(root, 'apps/printer-helper/src/raw-print.ts'),
};

const server = (dialect: 'sqlite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `server-${dialect}`,
    include: ['apps/server/src/**/*.test.ts'],
    // Local-server features (SQLite backups) run once, on SQLite; hosted ones (several
    // processes on one PostgreSQL) on PostgreSQL.
    exclude: [dialect === 'postgres' ? '**/*.sqlite.test.ts' : '**/*.postgres.test.ts', '**/node_modules/**'],
    environment: 'node',
    // argon2id at its lowest cost for the tests' thousands of hashes (lib/passwords.ts)
    env: { TEST_DB: dialect, DUKA_TEST_PASSWORD_COST: 'low' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file builds its own app on its own database, and no server test mocks a module: the
    // files of a worker share one module graph instead of importing the server again each
    // (~1 s a file; the server suites ran 4.5 times faster so).
    isolate: false,
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
    // Every core: vitest's default leaves one free, which on CI's 2 cores is half the machine.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      server('sqlite'),
      ...(process.env.DATABASE_URL ? [server('postgres')] : []),
      {
        resolve: { alias },
        // the answers' checks compiled from the domain's schemas (virtual:answer-checks)
        plugins: [answerChecks()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          css: false,
          // a screen of Mantine inputs renders in seconds in jsdom on a busy 2-core machine
          testTimeout: 20_000,
          // The libraries bundled once per run (esbuild) and imported whole: each test file runs in a
          // fresh process, which imported Mantine, React and the rest module by module, ~1.3 s a
          // file (import 90–94 s → 40–45 s, the project 135–146 s → 107–118 s on 2 cores, 30 Nov).
          // qz-tray stays out: the printing tests mock it.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mantine/core',
                  '@mantine/hooks',
                  '@mantine/notifications',
                  '@mantine/charts',
                  '@mantine/dates',
                  'dayjs',
                  'dayjs/locale/de',
                  'dayjs/locale/es',
                  'dayjs/locale/pt',
                  '@tabler/icons-react',
                  '@tanstack/react-query',
                  'react-router',
                  'i18next',
                  'react-i18next',
                  'zod',
                  '@mantine/form',
                  'idb',
                  'recharts',
                  'uuid',
                  'react',
                  'react/jsx-runtime',
                  'react-dom',
                  'react-dom/client',
                  '@testing-library/react',
                  '@testing-library/user-event',
                ],
              },
            },
          },
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
        // the helper's code imports nothing of Duka's; its tests compare it with the domain's
        resolve: { alias },
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
