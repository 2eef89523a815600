// Started as its own Node process by runFfmpeg.test.ts: runs a long ffmpeg through runFfmpeg, tagged with
// a marker the test can find in the process list, and says when it has started.
import { runFfmpeg } from '../../server/modules/media/runFfmpeg.ts';

const marker = process.argv[2] ?? 'darasa-ffmpeg-test';
void runFfmpeg(
  [
    '-hide_banner',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=600:size=320x240',
    '-metadata',
    `title=${marker}`,
    '-f',
    'null',
    '-',
  ],
  { nice: 10 },
);
process.stdout.write('started\n');
