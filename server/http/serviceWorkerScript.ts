// The service worker (public/sw.js) learns from the server which build it belongs to and which built
// files the learner's pages need offline: a new release changes the build id, so browsers install the new
// worker, which drops the old shell cache. Admin and studio screens are left out (nobody uses them offline).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const NOT_OFFLINE =
  /^(admin|creator|studio|UChart|uPlot|uplot|Upload|Course(Form|Status)|Episode(Form|Manager)|useTus)/;

export function withBuildInfo(script: Buffer, clientDir: string): Buffer {
  const dir = path.join(clientDir, 'assets');
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((n) => /\.(js|css)$/.test(n))
        .sort()
    : [];
  const offline = names.filter((n) => !NOT_OFFLINE.test(n)).map((n) => `/assets/${n}`);
  const build = createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 12);
  const head = `self.DARASA_BUILD=${JSON.stringify(build)};self.DARASA_ASSETS=${JSON.stringify(offline)};\n`;
  return Buffer.concat([Buffer.from(head), script]);
}
