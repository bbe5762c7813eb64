import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTED_PORT, HOSTED_URL, OWNER_A, OWNER_B } from './e2e/hosted/hosted-env';
import { e2eBrowserPath } from './e2e/support/browser.mjs';

/** A fixed port for the server under test, and a fresh data folder made once per run. */
export const E2E_PORT = Number(process.env.DUKA_E2E_PORT ?? 3199);
process.env.DUKA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'duka-e2e-'));
const dataDir = process.env.DUKA_E2E_DATA_DIR;

/** Debian's Chromium (its headless shell when installed); Playwright never downloads a browser here. */
const executablePath = e2eBrowserPath();

/** `--project local` alone leaves the hosted stack (and its PostgreSQL database) unstarted. */
function projectsAsked(): string[] {
  const names: string[] = [];
  let taking = false;
  for (const a of process.argv) {
    if (a.startsWith('--project=')) names.push(a.slice('--project='.length));
    else if (a === '--project') taking = true;
    else if (taking && !a.startsWith('-')) names.push(a);
    else taking = false;
  }
  return names;
}
const asked = projectsAsked();
const hostedWanted = asked.length === 0 || asked.includes('hosted');
/**
 * The shared local server runs for the `local` project only: the hosted project's specs talk to
 * the hosted stack alone, and the `sync` project's start their own processes
 * (e2e/support/sync-stack.mjs).
 */
const localWanted = asked.length === 0 || asked.includes('local');

export default defineConfig({
  testMatch: '**/*.spec.ts',
  projects: [
    {
      // The local server on SQLite: one shop, set up through the page.
      name: 'local',
      testDir: 'e2e',
      // The screenshot specs shoot every screen in light and dark, wide and narrow, for people to
      // look at (`npm run screenshots`); the test run leaves them out to stay well inside CI's time.
      testIgnore: [...(process.env.DUKA_SHOTS ? [] : ['**/*screenshots.spec.ts']), 'hosted/**', 'sync/**'],
    },
    {
      // The hosted server on PostgreSQL: two businesses, two processes behind one proxy.
      name: 'hosted',
      testDir: 'e2e/hosted',
      use: { baseURL: HOSTED_URL },
    },
    {
      // Sync (ADR 11 §10): each spec starts a hosted server (two processes on a fresh PostgreSQL
      // database), a local server on its own data folder and the chaos proxy between them, and
      // talks to them over HTTP; no browser.
      name: 'sync',
      testDir: 'e2e/sync',
      timeout: 180_000,
    },
  ],
  ...(localWanted ? { globalSetup: './e2e/support/global-setup.ts' } : {}),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./e2e/support/failure-summary.ts']],
  // `npm test` runs the sync journeys beside the others, each run in a folder of its own (a run
  // empties its output folder as it starts).
  outputDir: process.env.DUKA_E2E_OUTPUT ?? 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    // The app's service worker would answer requests the specs route or count; e2e/pwa.spec.ts
    // allows it and checks it.
    serviceWorkers: 'block',
    // A trace of a failed test, without the screencast: recording frames all the time took a
    // third of the browser's CPU (GPU process, JPEG encoding). In CI no one opens a trace (the
    // failure summary, screenshot and page snapshot are in the log and test-results), so none.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    ...(localWanted
      ? [
          {
            // The data folder is emptied right before the server starts (global setup runs after it).
            command: `node e2e/support/fresh-data-dir.mjs && node apps/server/dist/main.js`,
            url: `http://127.0.0.1:${E2E_PORT}/api/health`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            // DATABASE_URL is emptied: CI sets it for the server suites, but the journeys run the
            // local server on SQLite (with it set, the server would start hosted, with setup closed).
            env: {
              PORT: String(E2E_PORT),
              DATA_DIR: dataDir,
              HOST: '127.0.0.1',
              NODE_ENV: 'test',
              DATABASE_URL: '',
            },
          },
        ]
      : []),
    ...(hostedWanted
      ? [
          {
            // A fresh database on the PostgreSQL of DATABASE_URL (or 127.0.0.1:5432), dropped on stop.
            command: 'node e2e/support/hosted-stack.mjs',
            url: `${HOSTED_URL}/api/health`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            env: {
              DUKA_HOSTED_PORT: String(HOSTED_PORT),
              DUKA_HOSTED_ACCOUNTS: JSON.stringify([OWNER_A, OWNER_B]),
            },
          },
        ]
      : []),
  ],
});
