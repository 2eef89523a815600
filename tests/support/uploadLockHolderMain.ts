// Another process holding one upload's tus lock, for the upload-lock tests: run with DATA_DIR (and
// DATABASE_URL on PostgreSQL) and the upload id as its argument. Prints LOCKED once it holds the lock;
// when another process asks for it, prints ASKED and, unless HOLDER_IGNORES_ASKS is set, lets go and
// prints UNLOCKED. It never exits by itself: tests kill it.
import { loadConfig } from '#server/config/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createUploadLocker } from '#server/uploadLocks/createUploadLocker.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const lock = createUploadLocker(config, database, createLogger('silent')).newLock(process.argv[2]!);
let asked = false;
await lock.lock(new AbortController().signal, () => {
  if (asked) return;
  asked = true;
  console.log('ASKED');
  if (!process.env.HOLDER_IGNORES_ASKS) void lock.unlock().then(() => console.log('UNLOCKED'));
});
console.log('LOCKED');
setInterval(() => {}, 60_000);
