import { spawn } from 'node:child_process';

export interface FfmpegRun {
  /** Media length in seconds, to turn ffmpeg's position into a percentage. */
  duration?: number;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /** Run under `nice -n 10` so transcodes never starve page serving on a small machine. */
  lowPriority?: boolean;
}

/** Runs ffmpeg with these arguments; rejects with its last error lines. Killed when `signal` aborts. */
export function runFfmpeg(args: string[], opts: FfmpegRun = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const [cmd, argv] = opts.lowPriority ? ['nice', ['-n', '10', 'ffmpeg', ...args]] : ['ffmpeg', args];
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.stdout.on('data', (d: Buffer) => {
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us is the position reached in the output, in microseconds.
        const m = /^out_time_us=(\d+)/.exec(line);
        if (m && opts.duration && opts.onProgress) {
          opts.onProgress(Math.min(99, (Number(m[1]) / 1e6 / opts.duration) * 100));
        }
      }
    });
    const abort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new Error('ffmpeg is not installed (Debian: apt-get install ffmpeg)') : err),
    );
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve();
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      const last = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`ffmpeg failed (${sig ?? `exit ${code}`}): ${last || 'no output'}`));
    });
  });
}
