import { spawn } from 'node:child_process';

export interface FfmpegRun {
  /** Media length in seconds, to turn ffmpeg's position into a percentage. */
  duration?: number;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
  /**
   * Run under `nice -n <this>` so transcodes never starve page serving on a small machine: 10 for uploads,
   * 19 for background work that must also give way to them (the AV1 backfill).
   */
  nice?: number;
}

/**
 * ffmpeg must die with the server: after a `kill -9` the job is retried and writes the same folder. Node
 * cannot ask Linux for a parent-death signal, so ffmpeg runs under a tiny shell watchdog that holds a pipe
 * from us on its standard input: the pipe reaches end-of-file only when we close it or our process dies
 * (the kernel closes its end), and then the watchdog kills ffmpeg. ffmpeg itself reads /dev/null.
 */
const WATCHDOG = `exec 3<&0
"$@" </dev/null &
child=$!
{ cat <&3; kill -KILL "$child"; } >/dev/null 2>&1 &
wait "$child"`;

/** Runs ffmpeg with these arguments; rejects with its last error lines. Killed when `signal` aborts. */
export function runFfmpeg(args: string[], opts: FfmpegRun = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const command = opts.nice ? ['nice', '-n', String(opts.nice), 'ffmpeg', ...args] : ['ffmpeg', ...args];
    const child = spawn('sh', ['-c', WATCHDOG, 'ffmpeg-watchdog', ...command], { stdio: ['pipe', 'pipe', 'pipe'] });
    // Closing the watchdog's pipe is how ffmpeg is stopped, and how the watchdog ends once ffmpeg has.
    const stopWatchdog = () => child.stdin.destroy();
    child.on('exit', stopWatchdog);
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
    const abort = stopWatchdog;
    opts.signal?.addEventListener('abort', abort, { once: true });
    child.on('error', reject);
    child.on('close', (code, sig) => {
      opts.signal?.removeEventListener('abort', abort);
      if (code === 0) return resolve();
      if (opts.signal?.aborted) return reject(opts.signal.reason);
      // The shell's "command not found".
      if (code === 127) return reject(new Error('ffmpeg is not installed (Debian: apt-get install ffmpeg)'));
      const last = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`ffmpeg failed (${sig ?? `exit ${code}`}): ${last || 'no output'}`));
    });
  });
}
