// The tests' S3 server answers the multipart calls @tus/s3-store makes as S3 does, checked with the AWS
// SDK: parts listed in order with their ETags and sizes, paged by marker, NoSuchUpload once completed or
// aborted.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  NoSuchUpload,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createS3Client } from '#server/storage/s3Storage.ts';
import { startTestS3, type TestS3 } from '../support/s3Server.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.stop());

const MiB = 1024 * 1024;

it('lists the parts of a multipart upload, completes it, and answers NoSuchUpload afterwards and after an abort', async () => {
  const client = createS3Client(s3.settings);
  const Bucket = s3.settings.bucket;
  const Key = `${s3.settings.prefix}parts/video.mp4`;
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const bodies = [Buffer.alloc(5 * MiB, 1), Buffer.alloc(5 * MiB, 2), Buffer.alloc(1234, 3)];
  const etags: string[] = [];
  for (const [i, Body] of bodies.entries()) {
    const r = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body }));
    etags.push(r.ETag!);
  }
  const all = await client.send(new ListPartsCommand({ Bucket, Key, UploadId }));
  expect(all.IsTruncated).toBe(false);
  expect(all.Parts?.map((p) => [p.PartNumber, p.ETag, p.Size])).toEqual([
    [1, etags[0], 5 * MiB],
    [2, etags[1], 5 * MiB],
    [3, etags[2], 1234],
  ]);
  const first = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, MaxParts: 2 }));
  expect([first.IsTruncated, first.NextPartNumberMarker, first.Parts?.length]).toEqual([true, '2', 2]);
  const rest = await client.send(
    new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: first.NextPartNumberMarker }),
  );
  expect(rest.Parts?.map((p) => p.PartNumber)).toEqual([3]);

  await client.send(
    new CompleteMultipartUploadCommand({
      Bucket,
      Key,
      UploadId,
      MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
    }),
  );
  expect((await s3.object('parts/video.mp4'))?.equals(Buffer.concat(bodies))).toBe(true);
  await expect(client.send(new ListPartsCommand({ Bucket, Key, UploadId }))).rejects.toBeInstanceOf(NoSuchUpload);

  const other = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: `${Key}.2` }));
  await client.send(new AbortMultipartUploadCommand({ Bucket, Key: `${Key}.2`, UploadId: other.UploadId }));
  await expect(
    client.send(new ListPartsCommand({ Bucket, Key: `${Key}.2`, UploadId: other.UploadId })),
  ).rejects.toBeInstanceOf(NoSuchUpload);
  client.destroy();
});
