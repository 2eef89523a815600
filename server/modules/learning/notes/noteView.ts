import { toIso, toNum } from '#server/db/values.ts';

export interface NoteView {
  id: string;
  episodeId: string;
  /** The episode's number in its course. */
  order: number;
  position: number;
  body: string;
  createdAt: string;
}

export const noteView = (r: {
  id: string;
  episodeId: string;
  order: unknown;
  position: unknown;
  body: string;
  createdAt: unknown;
}): NoteView => ({
  id: r.id,
  episodeId: r.episodeId,
  order: toNum(r.order),
  position: toNum(r.position),
  body: r.body,
  createdAt: toIso(r.createdAt),
});
