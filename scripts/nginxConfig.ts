// Renders deploy/nginx/darasa.conf (the load balancer and media edge, decision 0033) with this site's app
// processes, port and paths; the tests and benchmarks render it the same way. Run with Node's type stripping:
//   node scripts/nginxConfig.ts --app 127.0.0.1:3001 --app 127.0.0.1:3002 --listen 80 \
//     --cache-dir /var/cache/nginx/darasa --njs-dir /etc/nginx/njs > /etc/nginx/conf.d/darasa.conf
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const DIR = path.resolve(import.meta.dirname, '../deploy/nginx');
export const NGINX_TEMPLATE = path.join(DIR, 'darasa.conf');
/** The njs module the config imports: copy it into `njsDir`. */
export const NJS_MEDIA_TOKEN = path.join(DIR, 'mediaToken.js');

export interface NginxSite {
  /** host:port of each app web process. */
  appServers: string[];
  /** nginx `listen` argument: a port or address:port. */
  listen: string;
  cacheDir: string;
  /** Where mediaToken.js is. */
  njsDir: string;
  /** proxy_cache_path max_size, e.g. `10g`. */
  cacheMaxSize?: string;
}

const HOST_PORT = /^[A-Za-z0-9.-]+:[0-9]{1,5}$|^\[[0-9a-fA-F:]+\]:[0-9]{1,5}$/;
const SIZE = /^[0-9]+[kmg]?$/;
// Paths end up inside nginx directives: no spaces, quotes, semicolons or braces.
const SAFE_PATH = /^\/[A-Za-z0-9._/-]*$/;

export function renderNginxSite(site: NginxSite): string {
  const fail = (what: string) => {
    throw new Error(`nginx config: ${what}`);
  };
  if (site.appServers.length === 0) fail('at least one app server (host:port) is needed');
  for (const s of site.appServers) if (!HOST_PORT.test(s)) fail(`app server "${s}" is not host:port`);
  if (!/^([A-Za-z0-9.-]+:|\[[0-9a-fA-F:]+\]:)?[0-9]{1,5}$/.test(site.listen)) fail(`listen "${site.listen}"`);
  for (const p of [site.cacheDir, site.njsDir]) if (!SAFE_PATH.test(p)) fail(`"${p}" must be an absolute plain path`);
  const maxSize = site.cacheMaxSize ?? '10g';
  if (!SIZE.test(maxSize)) fail(`cache size "${maxSize}" (e.g. 10g)`);
  const values: Record<string, string> = {
    APP_SERVERS: site.appServers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`).join('\n'),
    LISTEN: site.listen,
    CACHE_DIR: site.cacheDir,
    NJS_DIR: site.njsDir,
    CACHE_MAX_SIZE: maxSize,
  };
  return fs.readFileSync(NGINX_TEMPLATE, 'utf8').replace(/@([A-Z_]+)@/g, (all, name: string) => values[name] ?? all);
}

function main(): number {
  try {
    const { values } = parseArgs({
      options: {
        app: { type: 'string', multiple: true },
        listen: { type: 'string', default: '80' },
        'cache-dir': { type: 'string', default: '/var/cache/nginx/darasa' },
        'njs-dir': { type: 'string', default: '/etc/nginx/njs' },
        'cache-max-size': { type: 'string', default: '10g' },
      },
    });
    process.stdout.write(
      renderNginxSite({
        appServers: values.app ?? [],
        listen: values.listen,
        cacheDir: values['cache-dir'],
        njsDir: values['njs-dir'],
        cacheMaxSize: values['cache-max-size'],
      }),
    );
    return 0;
  } catch (err) {
    console.error(
      `${(err as Error).message}\nUsage: node scripts/nginxConfig.ts --app HOST:PORT [--app HOST:PORT …] [--listen 80] ` +
        '[--cache-dir DIR] [--njs-dir DIR] [--cache-max-size 10g]',
    );
    return 2;
  }
}

if (import.meta.main) process.exitCode = main();
