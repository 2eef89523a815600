// ffmpeg dies with its parent: after a kill -9 of the server process no ffmpeg is left transcoding (the
// retried job would write the same folder). Also: a normal run finishes, an abort stops it.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runFfmpeg } from './runFfmpeg.ts';

const NODE = path.resolve('node_modules/.bin/node');
const CHILD = path.resolve('tests/support/ffmpegChild.ts');

/** ffmpeg processes carrying `marker` in their arguments. */
function ffmpegsWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', `title=${marker}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

/** Waits until `check` passes: pgrep is the only way to see the ffmpeg processes. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe('runFfmpeg', () => {
  it('finishes a short run and stops a long one on abort', async () => {
    await runFfmpeg(['-hide_banner', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64', '-f', 'null', '-']);
    const marker = `abort-${process.pid}-${Date.now()}`;
    const ac = new AbortController();
    const run = runFfmpeg(
      ['-f', 'lavfi', '-i', 'testsrc=duration=600:size=320x240', '-metadata', `title=${marker}`, '-f', 'null', '-'],
      { signal: ac.signal },
    );
    await until(() => expect(ffmpegsWith(marker)).not.toEqual([]));
    ac.abort(new Error('stopped'));
    await expect(run).rejects.toThrow('stopped');
    await until(() => expect(ffmpegsWith(marker)).toEqual([]));
  });

  it('leaves no ffmpeg behind when its Node process is killed with SIGKILL', async () => {
    const marker = `orphan-${process.pid}-${Date.now()}`;
    const child = spawn(NODE, [CHILD, marker], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    await until(() => expect(ffmpegsWith(marker).filter((pid) => pid !== String(child.pid))).not.toEqual([]));
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    // The watchdog sees its pipe close and kills ffmpeg; the test times out if one survives.
    await until(() => expect(ffmpegsWith(marker)).toEqual([]));
  });
});
