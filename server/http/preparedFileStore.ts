import { mkdirSync } from 'node:fs';
import { FileStore } from '@tus/file-store';

/**
 * tus's FileStore creates its folder from its constructor with an async `fs.mkdir` whose callback throws:
 * any failure there (a data dir removed or unwritable) is an uncaught exception that kills the process.
 * This store has its folder made synchronously up front, where a failure is an ordinary start-up error,
 * and skips that callback.
 */
class PreparedFileStore extends FileStore {}
// The method is private in tus's types, so it is replaced at run time rather than overridden in TS.
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });

export function createFileStore(directory: string): FileStore {
  mkdirSync(directory, { recursive: true });
  return new PreparedFileStore({ directory });
}
