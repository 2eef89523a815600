// What the server hands a device to download one episode (GET /api/offline/episodes/:episodeId), shared by
// the server that builds it and the browser code that follows it.
import type { LessonFileType } from '#common/studio/lessonFiles.ts';

/** The qualities a learner may download: the two cheapest video rungs, and listen-only when the master has it. */
export const DOWNLOAD_QUALITIES = ['240p', '360p', 'audio'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];
/** What a learner picks for one download: a video quality, or 'files' for a lesson without video whose PDF and resources are kept (decision 0064). */
export type DownloadChoice = DownloadQuality | 'files';

/** A lesson's own files in a download (decision 0064): kept under `files/pdf` and `files/resources/<id>`. */
export interface LessonDownloadFile {
  /** `files/pdf` or `files/resources/<resourceId>`: the tail of its /api/learning/files/<episodeId>/… address. */
  path: string;
  bytes: number;
  /** Fetched from here (with the session, never a media token): /api/learning/files/<episodeId>/… */
  url: string;
  name: string;
  type: LessonFileType;
}

/** A downloaded copy plays this long without the device being online (the entitlement check renews it). */
export const OFFLINE_DAYS = 30;

export interface DownloadOption {
  quality: DownloadChoice;
  /** Everything it stores: the rendition's files and the lesson's own files. */
  bytes: number;
  /** The master playlist with only this rendition: the player opens it offline ('' for 'files'). */
  master: string;
  /** Paths under the asset's media folder, each fetched once, then the lesson's own files (with their `url`). */
  files: ({ path: string; bytes: number } | LessonDownloadFile)[];
}

export interface DownloadManifest {
  userId: string;
  /** Names this account's browser storage (also the `darasa_u` cookie). */
  userKey: string;
  /** Lets the device check the downloads are still the learner's even without a session. */
  grant: string;
  course: { id: string; title: string };
  episode: { id: string; order: number; title: string; duration: number };
  /** The download's key in storage: the video's asset id, or the lesson's id when it has no video. */
  assetId: string;
  /** Signed base URL for the video's files: `${base}/${file.path}` (null without video). */
  base: string | null;
  /** The lesson's PDF and resources, also inside every option's files and bytes (listed to show them). */
  lessonFiles: LessonDownloadFile[];
  options: DownloadOption[];
}

/** POST /api/offline/check answers which of the device's downloads it may keep. */
export interface DownloadCheckResult {
  entitled: string[];
}
