// s3rver implements multipart uploads but not two of their calls that @tus/s3-store makes: ListParts (how a
// resumed upload finds its offset) and AbortMultipartUpload. Here they are, as the S3 API reference
// describes them (XML body, NoSuchUpload 404), on s3rver's own part files and behind its own signature
// check, so the AWS SDK talks to one server that answers every call tus needs.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type S3rver from 's3rver';

const require = createRequire(import.meta.url);
const authentication = require('s3rver/lib/middleware/authentication.js') as () => Middleware;
const S3Error = require('s3rver/lib/models/error.js') as new (code: string, message: string) => Error;

interface Ctx {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  params?: Record<string, string>;
  status: number;
  body: unknown;
  app: { store: { getResourcePath(bucket: string, key: undefined, resource: string): string } };
}
type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;

async function listParts(ctx: Ctx, dir: string, bucket: string, key: string, uploadId: string) {
  const names = await fs.readdir(dir);
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const max = Math.min(1000, Number(ctx.query['max-parts'] ?? 1000));
  const numbers = names
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, max);
  const Part = await Promise.all(
    page.map(async (n) => {
      const file = path.join(dir, String(n));
      const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')]);
      return { PartNumber: n, LastModified: stat.mtime.toISOString(), ETag: `"${md5}"`, Size: stat.size };
    }),
  );
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: max,
      IsTruncated: numbers.length > page.length,
      Part,
    },
  };
}

/** Adds the two calls in front of s3rver's router (call before `run()`). */
export function addMultipartGaps(server: S3rver): void {
  const check = authentication();
  const gaps: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const listing = ctx.method === 'GET' && uploadId && ctx.query.partNumber === undefined;
    if (!listing && !(ctx.method === 'DELETE' && uploadId)) return next();
    const [, bucket = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    ctx.params = { bucket, key };
    await check(ctx, async () => {
      const dir = path.join(ctx.app.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId!));
      const exists = await fs.stat(dir).then(
        () => true,
        () => false,
      );
      if (!exists) throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
      if (listing) return listParts(ctx, dir, bucket, key, uploadId!);
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
    });
  };
  // Just before the router (the last middleware): after s3rver's logging, XML encoding and vhost handling.
  const stack = (server as unknown as { middleware: Middleware[] }).middleware;
  stack.splice(stack.length - 1, 0, gaps);
}
