// The reference for the HTTP benchmark: a bare `node:http` server answering, for each path, the exact
// status, headers and (already compressed) bytes Darasa sent. Started as its own process:
//   node bench/lib/bareServer.ts <pages.json>   (PORT and HOST from the environment)
import fs from 'node:fs';
import http from 'node:http';

export interface RecordedPage {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/lib/bareServer.ts <pages.json>');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RecordedPage>;
const pages = new Map(
  Object.entries(recorded).map(([p, r]) => [
    p,
    { status: r.status, headers: r.headers, body: Buffer.from(r.bodyBase64, 'base64') },
  ]),
);

http
  .createServer((req, res) => {
    if (req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(page.status, page.headers);
    res.end(page.body);
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
