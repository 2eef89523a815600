// Renders deploy/nginx/darasa.conf (the load balancer and media edge, decision 0033) with this site's app
// processes, port and paths; the tests and benchmarks render it the same way. Run with Node's type stripping:
//   node scripts/nginxConfig.ts --app 127.0.0.1:3000 --app 127.0.0.1:3001 --listen 443 \
//     --server-name darasa.example --tls-certificate /etc/letsencrypt/live/darasa.example/fullchain.pem \
//     --tls-key /etc/letsencrypt/live/darasa.example/privkey.pem > /etc/nginx/conf.d/darasa.conf
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
  /** With TLS: the site's name and its certificate files (`listen` is then the TLS port, e.g. 443). */
  tls?: { serverName: string; certificate: string; key: string };
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
  const paths = [site.cacheDir, site.njsDir, ...(site.tls ? [site.tls.certificate, site.tls.key] : [])];
  for (const p of paths) if (!SAFE_PATH.test(p)) fail(`"${p}" must be an absolute plain path`);
  if (site.tls && !/^[A-Za-z0-9.-]+$/.test(site.tls.serverName)) fail(`server name "${site.tls.serverName}"`);
  const maxSize = site.cacheMaxSize ?? '10g';
  if (!SIZE.test(maxSize)) fail(`cache size "${maxSize}" (e.g. 10g)`);
  const values: Record<string, string> = {
    APP_SERVERS: site.appServers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`).join('\n'),
    LISTEN: site.tls
      ? [
          `    listen ${site.listen} ssl http2;`,
          `    server_name ${site.tls.serverName};`,
          `    ssl_certificate ${site.tls.certificate};`,
          `    ssl_certificate_key ${site.tls.key};`,
        ].join('\n')
      : `    listen ${site.listen};\n    server_name _;`,
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
        'server-name': { type: 'string' },
        'tls-certificate': { type: 'string' },
        'tls-key': { type: 'string' },
      },
    });
    const name = values['server-name'];
    const certificate = values['tls-certificate'];
    const key = values['tls-key'];
    if ((name || certificate || key) && !(name && certificate && key))
      throw new Error('TLS needs --server-name, --tls-certificate and --tls-key together');
    process.stdout.write(
      renderNginxSite({
        appServers: values.app ?? [],
        listen: values.listen,
        cacheDir: values['cache-dir'],
        njsDir: values['njs-dir'],
        cacheMaxSize: values['cache-max-size'],
        tls: name && certificate && key ? { serverName: name, certificate, key } : undefined,
      }),
    );
    return 0;
  } catch (err) {
    console.error(
      `${(err as Error).message}\nUsage: node scripts/nginxConfig.ts --app HOST:PORT [--app HOST:PORT …] [--listen 80] ` +
        '[--cache-dir DIR] [--njs-dir DIR] [--cache-max-size 10g] [--server-name NAME --tls-certificate FILE --tls-key FILE]',
    );
    return 2;
  }
}

if (import.meta.main) process.exitCode = main();
