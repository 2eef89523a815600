import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { imageRef, posterUrl } from '../media/urls.ts';
import { parseMeta } from './videoDuration.ts';

/** An uploaded file as the editor shows it: its processing state and, once ready, a preview. */
export interface AssetView {
  id: string;
  kind: 'image' | 'video';
  /** uploaded (waiting for processing) | processing | ready | failed */
  status: string;
  /** 0–100 while processing, when the pipeline reports it. */
  progress: number | null;
  error: string | null;
  fileName: string | null;
  duration: number | null;
  preview: string | null;
}

type AssetRow = { id: string; kind: string; status: string; meta: string; error: string | null };

export function toAssetView(a: AssetRow): AssetView {
  const meta = parseMeta(a.meta);
  const ready = a.status === 'ready';
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    id: a.id,
    kind: a.kind === 'image' ? 'image' : 'video',
    status: a.status,
    progress: num(meta.progress),
    error: a.error,
    fileName: typeof meta.fileName === 'string' ? meta.fileName : null,
    duration: num(meta.duration),
    preview: !ready ? null : a.kind === 'image' ? (imageRef(a.id)?.src ?? null) : posterUrl(a.id),
  };
}

export async function loadAssetViews(db: Kysely<DB>, ids: (string | null)[]): Promise<Map<string, AssetView>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('mediaAsset')
    .select(['id', 'kind', 'status', 'meta', 'error'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, toAssetView(r)]));
}
