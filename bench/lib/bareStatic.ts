// The reference for the segment benchmark: a bare `node:http` static file server over a folder, streaming
// files with their length and type and nothing else (no token, no range, no caching headers).
//   node bench/lib/bareStatic.ts <folder>   (PORT and HOST from the environment)
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = process.argv[2];
if (!root) throw new Error('usage: node bench/lib/bareStatic.ts <folder>');
const TYPES: Record<string, string> = {
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
};

http
  .createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const file = path.join(root, path.normalize(req.url ?? '/'));
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-length': st.size,
      });
      fs.createReadStream(file).pipe(res);
    });
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
