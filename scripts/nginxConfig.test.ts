// The nginx template as operators render it: what nginx itself accepts (`nginx -t`, with TLS as in
// production), and renderings refused before they could become a broken or injected config.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NJS_MEDIA_TOKEN, renderNginxSite } from './nginxConfig.ts';

const site = {
  appServers: ['127.0.0.1:3000', '127.0.0.1:3001'],
  listen: '8443',
  cacheDir: '/var/cache/x',
  njsDir: '/x',
};

describe('renderNginxSite', () => {
  it('renders a production site with TLS that nginx accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-nginx-t-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=darasa.example',
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      fs.copyFileSync(NJS_MEDIA_TOKEN, path.join(dir, 'mediaToken.js'));
      const conf = renderNginxSite({
        ...site,
        cacheDir: path.join(dir, 'cache'),
        njsDir: dir,
        tls: { serverName: 'darasa.example', certificate: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') },
      });
      expect(conf).not.toMatch(/@[A-Z_]+@/);
      expect(conf).toContain('server 127.0.0.1:3001 ');
      fs.writeFileSync(path.join(dir, 'darasa.conf'), conf);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `load_module /usr/lib/nginx/modules/ngx_http_js_module.so;\npid ${dir}/pid;\nevents {}\n` +
          `http { include /etc/nginx/mime.types; access_log off; include ${dir}/darasa.conf; }\n`,
      );
      const tested = spawnSync(
        '/usr/sbin/nginx',
        ['-t', '-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`],
        {
          encoding: 'utf8',
        },
      );
      expect(tested.stderr).toContain('test is successful');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses values that would break or inject into the config', () => {
    const bad: [string, Parameters<typeof renderNginxSite>[0]][] = [
      ['no app server', { ...site, appServers: [] }],
      ['app server without port', { ...site, appServers: ['localhost'] }],
      ['directive in an app server', { ...site, appServers: ['127.0.0.1:1; } server { listen 1'] }],
      ['relative cache dir', { ...site, cacheDir: 'cache' }],
      ['semicolon in a path', { ...site, njsDir: '/x;y' }],
      ['bad listen', { ...site, listen: '80 default_server; root /' }],
      ['bad size', { ...site, cacheMaxSize: '10 GB' }],
      ['bad server name', { ...site, tls: { serverName: 'a b', certificate: '/c', key: '/k' } }],
    ];
    for (const [name, input] of bad) expect(() => renderNginxSite(input), name).toThrow(/nginx config/);
  });
});
