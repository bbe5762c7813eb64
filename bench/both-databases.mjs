// A bench part run on a shop's server (SQLite, a business set up anew) and then on a hosted server
// (PostgreSQL, a database made for the run and dropped after), each signed in as its owner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHosted, startServer } from './sync.mjs';

/** A JSON POST (or GET without a body) that must succeed. */
export async function call(url, cookie, route, body) {
  const res = await fetch(`${url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${(await res.text()).slice(0, 500)}`);
  return res;
}

const cookieOf = (res) => res.headers.get('set-cookie').split(';')[0];

/** `figures(label, url, cookie)` on SQLite ('sqlite'), then on PostgreSQL ('postgres'). */
export async function onBothDatabases({ root, adminUrl, businessName }, figures) {
  const children = [];
  const start = (args, env) => startServer(root, args, { ...process.env, ...env }, children);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-bench-both-'));
  try {
    const shop = await start(['apps/server/dist/main.js'], {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    });
    const setup = await call(shop.url, null, '/api/setup', {
      business_name: businessName,
      username: 'owner',
      password: 'bench-pass-1',
    });
    await figures('sqlite', shop.url, cookieOf(setup));
    shop.child.kill();

    const hosted = await startHosted({ root, start, adminUrl });
    try {
      const login = await call(hosted.url, null, '/api/auth/login', {
        login: 'web-owner',
        password: 'bench-pass-1',
      });
      await figures('postgres', hosted.url, cookieOf(login));
    } finally {
      await hosted.drop();
    }
  } finally {
    for (const c of children) c.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** When `meta` is the module run as `node bench/<file>.mjs`: its figures with the usual root and database. */
export async function runAlone(meta, run) {
  if (process.argv[1] !== fileURLToPath(meta.url)) return;
  await run({
    root: path.resolve(path.dirname(fileURLToPath(meta.url)), '..'),
    adminUrl:
      process.env.BENCH_PG_ADMIN_URL ||
      process.env.DATABASE_URL ||
      'postgres://postgres@127.0.0.1:5432/postgres',
  });
}
