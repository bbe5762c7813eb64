// One shop PC of the branches figure (sync-branches.mjs) in its own process, as a real shop is:
// on each 'round' message from the parent it pushes what it wrote and pulls what the others did,
// exactly as its push and pull jobs would, and answers whether anything moved.
// Environment: SQLITE_FILE, BUSINESS_ID.
import { openDatabase } from '../apps/server/dist/db/database.js';
import { linkOf } from '../apps/server/dist/modules/sync/link-local.js';
import { pullPending } from '../apps/server/dist/modules/sync/pull.js';
import { pushPending } from '../apps/server/dist/modules/sync/push.js';

const db = openDatabase({ sqliteFile: process.env.SQLITE_FILE });
const businessId = process.env.BUSINESS_ID;
const deps = { db, keys: { keyEncryptionKey: undefined }, now: () => new Date() };
const bad = (o) => o.kind === 'failed' || o.kind === 'stopped';

process.on('message', async (m) => {
  if (m === 'stop') {
    await db.close();
    process.exit(0);
  }
  try {
    const pushed = await pushPending(deps, await linkOf(db, businessId));
    const pulled = await pullPending(deps, await linkOf(db, businessId));
    if (bad(pushed) || bad(pulled)) throw new Error(JSON.stringify({ pushed, pulled }));
    process.send({ moved: pushed.kind !== 'idle' || pulled.kind !== 'idle' });
  } catch (err) {
    process.send({ error: String(err) });
  }
});
process.send({ ready: true });
