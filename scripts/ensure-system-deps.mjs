// Makes sure the system tools Darasa needs are present: installs them with apt when running as root (or
// with passwordless sudo), otherwise stops with a message saying exactly what to install.
// Usage: node scripts/ensure-system-deps.mjs ffmpeg chromium nginx
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = {
  ffmpeg: { bins: ['ffmpeg', 'ffprobe'], packages: ['ffmpeg'] },
  // Playwright and Lighthouse launch exactly this path (Debian's package), not whatever `chromium` is on PATH.
  chromium: { bins: ['/usr/bin/chromium'], packages: ['chromium', 'fonts-dejavu-core'] },
  // The media edge (decision 0033): Debian's nginx and its njs module, which checks playback tokens.
  nginx: {
    bins: ['/usr/sbin/nginx', '/usr/lib/nginx/modules/ngx_http_js_module.so'],
    packages: ['nginx', 'libnginx-mod-http-js'],
  },
};

// A path (a module is no command) must exist; a name must be on PATH.
const has = (bin) =>
  bin.startsWith('/')
    ? existsSync(bin)
    : spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const wanted = process.argv.slice(2).filter((t) => TOOLS[t]);
const missing = wanted.filter((t) => !TOOLS[t].bins.every(has));
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((t) => TOOLS[t].packages);
const isRoot = process.getuid?.() === 0;
const sudo = !isRoot && has('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
if (!has('apt-get') || (!isRoot && !sudo)) {
  console.error(
    `Darasa needs ${missing.join(' and ')}, which is not installed and cannot be installed automatically here.\n` +
      `Install it, e.g. on Debian/Ubuntu: sudo apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Installing ${packages.join(', ')} with apt-get (needed for ${missing.join(', ')})…`);
const run = (args) =>
  execFileSync(sudo ? 'sudo' : args[0], sudo ? args : args.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
} catch {
  console.error(
    `Installing ${packages.join(' ')} failed. Install it by hand: apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
}
if (!missing.every((t) => TOOLS[t].bins.every(has))) {
  console.error(`${missing.join(', ')} still missing after apt-get install ${packages.join(' ')}.`);
  process.exit(1);
}
