import { existsSync, mkdirSync, readdirSync } from 'node:fs';

/**
 * Runs after the web server started on its fresh data folder: checks that the folder is there and
 * that the server is new (setup required), so no test depends on an earlier run's data.
 */
export default async function globalSetup(): Promise<void> {
  const dir = process.env.DUKA_E2E_DATA_DIR;
  if (!dir) throw new Error('DUKA_E2E_DATA_DIR is not set');
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  mkdirSync('/tmp/shots', { recursive: true });
  const port = process.env.DUKA_E2E_PORT ?? '3199';
  const res = await fetch(`http://127.0.0.1:${port}/api/setup`);
  const body = (await res.json()) as { setup_required: boolean };
  if (!body.setup_required) {
    throw new Error(`The server under test is not new (data folder ${dir}: ${readdirSync(dir).join(', ')})`);
  }
}
