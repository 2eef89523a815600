import type { Services } from '#server/core/services.ts';
import { imageRef, posterUrl } from '#common/media/urls.ts';
import { parseMeta } from '../media/parseMeta.ts';

/** An uploaded file as the editor shows it: its processing state and, once ready, a preview. */
export interface AssetView {
  id: string;
  kind: 'image' | 'video' | 'audio' | 'pdf' | 'resource';
  /** queued (waiting for a worker) | processing | ready | failed; `uploaded` before any processing is asked for */
  status: string;
  /** 0–100 while processing, when the pipeline reports it. */
  progress: number | null;
  error: string | null;
  fileName: string | null;
  duration: number | null;
  preview: string | null;
  /** A document's bytes (a PDF lesson's file, a resource: decision 0060); null for images and videos. */
  size: number | null;
}

const KINDS = ['image', 'video', 'audio', 'pdf', 'resource'] as const;

type AssetRow = {
  id: string;
  kind: string;
  status: string;
  meta: string;
  error: string | null;
  progress: number | string | null;
  /** The status of the video's processing job, when it has one. */
  jobStatus?: string | null;
};

export function toAssetView(a: AssetRow): AssetView {
  const meta = parseMeta(a.meta);
  const ready = a.status === 'ready';
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const progress = a.progress == null ? null : Number(a.progress);
  const queued = a.status === 'processing' && a.jobStatus === 'queued' && !progress;
  return {
    id: a.id,
    kind: KINDS.find((k) => k === a.kind) ?? 'video',
    status: queued ? 'queued' : a.status,
    progress: a.status === 'processing' ? progress : null,
    error: a.error,
    fileName: typeof meta.fileName === 'string' ? meta.fileName : null,
    duration: num(meta.duration),
    preview: !ready
      ? null
      : a.kind === 'image'
        ? (imageRef(a.id)?.src ?? null)
        : a.kind === 'video'
          ? posterUrl(a.id)
          : null,
    size: a.kind === 'pdf' || a.kind === 'resource' ? num(meta.size) : null,
  };
}

/** The views of these assets (null ids skipped), by id. */
export async function loadAssetViews(
  services: Services,
  { ids }: { ids: (string | null)[] },
): Promise<Map<string, AssetView>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await services.database.db
    .selectFrom('mediaAsset')
    .leftJoin('job', 'job.id', 'mediaAsset.jobId')
    .select([
      'mediaAsset.id',
      'mediaAsset.kind',
      'mediaAsset.status',
      'mediaAsset.meta',
      'mediaAsset.error',
      'mediaAsset.progress',
      'job.status as jobStatus',
    ])
    .where('mediaAsset.id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, toAssetView(r)]));
}
