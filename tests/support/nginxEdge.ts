// nginx (Debian's, with its njs module) as the test's or benchmark's own process: deploy/nginx/darasa.conf
// rendered in front of the given app processes, inside a standalone main config whose pid, logs, temp files
// and cache all live in a fresh directory. Fails loudly when nginx or njs is missing (ensure-system-deps).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { freePort } from '#server/lib/freePort.ts';
import os from 'node:os';
import path from 'node:path';
import { NJS_MEDIA_TOKEN, renderNginxSite } from '../../scripts/nginxConfig.ts';

const NGINX = '/usr/sbin/nginx';
const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';

export interface EdgeLogEntry {
  /** The X-Request-Id the client sent. */
  reqId: string;
  /** nginx's own id of the request, the one the app sees and logs. */
  edgeId: string;
  status: number;
  upstream: string;
  cache: string;
  uri: string;
}

export interface NginxEdge {
  url: string;
  dir: string;
  /** The access log so far: `upstream` is `-` for a request nginx answered without asking an app process. */
  accessLog(): EdgeLogEntry[];
  stop(): Promise<void>;
}

export async function startNginxEdge(opts: {
  appServers: string[];
  /** MEDIA_TOKEN_SECRET, handed to nginx through its environment as in production. */
  secret: string;
  /** More http-context configuration (a benchmark's reference server). */
  extraHttp?: string;
}): Promise<NginxEdge> {
  for (const file of [NGINX, NJS_MODULE])
    if (!fs.existsSync(file))
      throw new Error(
        `${file} is missing: run \`node scripts/ensure-system-deps.mjs nginx\` (apt: nginx libnginx-mod-http-js)`,
      );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-nginx-'));
  // Workers of a master started as root run as `nobody` unless told otherwise, and could not enter this
  // directory (mkdtemp makes it 0700).
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.copyFileSync(NJS_MEDIA_TOKEN, path.join(dir, 'mediaToken.js'));
  const port = await freePort();
  const site = renderNginxSite({
    appServers: opts.appServers,
    listen: `127.0.0.1:${port}`,
    cacheDir: path.join(dir, 'cache'),
    njsDir: dir,
    cacheMaxSize: '256m',
  });
  fs.writeFileSync(path.join(dir, 'darasa.conf'), site);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${NJS_MODULE};
env MEDIA_TOKEN_SECRET;
${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # As in Debian's nginx.conf.
  sendfile on;
  tcp_nopush on;
  log_format edge '$http_x_request_id $request_id $status $upstream_addr $upstream_cache_status $request_uri';
  access_log ${dir}/access.log edge;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/darasa.conf;
  ${opts.extraHttp ?? ''}
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  const tested = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8', env: { MEDIA_TOKEN_SECRET: opts.secret } });
  if (tested.status !== 0) throw new Error(`nginx -t refused the rendered config:\n${tested.stderr}`);
  const child: ChildProcess = spawn(NGINX, [...args, '-g', 'daemon off;'], {
    env: { MEDIA_TOKEN_SECRET: opts.secret },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  // nginx tells no one it is listening: try to connect until it accepts (a loop, not vi.waitFor, because
  // the benchmarks start it outside vitest).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: see ${dir}/error.log`);
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(s.end() && true));
      s.once('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    dir,
    accessLog: () =>
      fs
        .readFileSync(path.join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [reqId, edgeId, status, upstream, cache, uri] = line.split(' ') as [string, ...string[]];
          return { reqId, edgeId: edgeId!, status: Number(status), upstream: upstream!, cache: cache!, uri: uri! };
        }),
    async stop() {
      if (child.exitCode === null) {
        // SIGQUIT: nginx's graceful stop.
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
