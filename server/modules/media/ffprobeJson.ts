import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DomainError } from '#server/core/errors.ts';

const run = promisify(execFile);

/**
 * Runs ffprobe on `file` with JSON output and answers its stdout and stderr. A file ffprobe cannot read is
 * `refused` (the upload's own DomainError), one it hangs on past `timeoutMs` is `damaged`: a hostile file must
 * neither hang a worker nor surface as a 500.
 */
export async function ffprobeJson(
  file: string,
  args: string[],
  { timeoutMs, refused, damaged }: { timeoutMs: number; refused: () => DomainError; damaged: () => DomainError },
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run('ffprobe', ['-v', 'error', '-of', 'json', ...args, '--', file], {
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { killed?: boolean };
    if (e.code === 'ENOENT') throw new Error('ffprobe is not installed (Debian: apt-get install ffmpeg)');
    throw e.killed ? damaged() : refused();
  }
}
