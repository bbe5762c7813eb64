// Empties the e2e data folder (DATA_DIR) so every run starts with a server that needs setup.
import { mkdirSync, rmSync } from 'node:fs';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('duka-e2e')) {
  console.error('refusing to empty DATA_DIR', dir);
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
