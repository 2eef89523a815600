import fs, { mkdirSync } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ERRORS } from '@tus/server';
import { FileStore } from '@tus/file-store';

/**
 * How much of a PATCH body may wait in memory for the disk, per upload being written. tus's own write
 * stream keeps 16 KiB: every 64 KiB the socket delivers then waits for its disk write before the next is
 * read, so the request and the disk take turns instead of overlapping (issue 24). 1 MiB lets them overlap;
 * memory stays bounded by it per upload in flight.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * tus's FileStore creates its folder from its constructor with an async `fs.mkdir` whose callback throws:
 * any failure there (a data dir removed or unwritable) is an uncaught exception that kills the process.
 * This store has its folder made synchronously up front, where a failure is an ordinary start-up error,
 * and skips that callback. Its `write` is tus's with a larger write buffer (above).
 */
class PreparedFileStore extends FileStore {}
// The methods are private in tus's types, so they are replaced at run time rather than overridden in TS.
Object.defineProperty(PreparedFileStore.prototype, 'checkOrCreateDirectory', { value: () => {} });
Object.defineProperty(PreparedFileStore.prototype, 'write', {
  async value(this: { resolve(id: string): string }, readable: Readable, fileId: string, offset: number) {
    const file = fs.createWriteStream(this.resolve(fileId), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, counted, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + received;
  },
});

export function createFileStore(directory: string): FileStore {
  mkdirSync(directory, { recursive: true });
  return new PreparedFileStore({ directory });
}
