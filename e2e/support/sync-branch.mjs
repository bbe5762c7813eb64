// More shop PCs for the sync specs (ADR 11 §11.7): a branch's server starts on an empty data
// folder, joins the hosted business with `duka link --hosted URL --code CODE` (the CLI on its
// folder) and pulls the whole business; the specs then sell and edit on it like on the first PC.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { digestArchive, exportArchive, root } from './sync-digest.mjs';
import { codeIn, hostedCli, jsonFetch, spawnServer, stack, tracked } from './sync-stack.mjs';

/** A local server on a fresh, empty data folder (no business yet: its setup page would show). */
export async function startBranch(name) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `duka-sync-${name}-`));
  tracked({ dir: dataDir });
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PORT: '0',
  };
  const t0 = Date.now();
  const s = await spawnServer(name, env);
  tracked({ child: s.child });
  return { name, dataDir, env, url: s.url, child: s.child, cookie: null, startMs: Date.now() - t0 };
}

/** `node apps/server/dist/cli.js …args` on the branch's data folder; answers its stdout. */
export function branchCli(branch, args) {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['apps/server/dist/cli.js', ...args],
      { cwd: root, env: branch.env, encoding: 'utf8' },
      (err, stdout, stderr) =>
        err
          ? reject(new Error(`duka ${args[0]} (${branch.name}) failed: ${stdout}${stderr}`))
          : resolve(stdout),
    ),
  );
}

/** The branch joins the hosted business through the chaos proxy with a fresh code; answers the CLI's words. */
export async function joinBranch(branch, businessId) {
  const code = codeIn(await hostedCli(['link-code', '--business-id', businessId]));
  return branchCli(branch, [
    'link',
    '--hosted',
    stack().hosted.chaosUrl,
    '--code',
    code,
    '--name',
    branch.name,
  ]);
}

/** A JSON request to the branch with its own cookie jar. */
export function branchFetch(branch, urlPath, options = {}) {
  return jsonFetch(branch.url, branch, urlPath, options);
}

/** Signs `user` in on the branch (its cookie is kept on `branch`). */
export async function branchSignIn(branch, user) {
  const r = await branchFetch(branch, '/api/auth/login', {
    method: 'POST',
    body: { login: user.username, password: user.password },
  });
  if (r.status !== 200) throw new Error(`${branch.name} sign-in: ${r.status} ${JSON.stringify(r.body)}`);
}

/** The branch's copy of the business as a digest, without the hosted site's own sign-ins. */
export async function digestBranch(branch, businessId) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-sync-export-'));
  tracked({ dir });
  const file = path.join(dir, `${branch.name}.duka.gz`);
  exportArchive({ env: branch.env, businessId, file });
  return digestArchive(file, { ignoreOrigins: [stack().hosted.serverId] });
}
