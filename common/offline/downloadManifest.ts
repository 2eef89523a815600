// What the server hands a device to download one episode (GET /api/offline/episodes/:episodeId), shared by
// the server that builds it and the browser code that follows it.

/** The qualities a learner may download: the two cheapest video rungs, and listen-only when the master has it. */
export const DOWNLOAD_QUALITIES = ['240p', '360p', 'audio'] as const;
export type DownloadQuality = (typeof DOWNLOAD_QUALITIES)[number];

/** A downloaded copy plays this long without the device being online (the entitlement check renews it). */
export const OFFLINE_DAYS = 30;

export interface DownloadOption {
  quality: DownloadQuality;
  bytes: number;
  /** The master playlist with only this rendition: the player opens it offline. */
  master: string;
  /** Paths under the asset's media folder, each fetched once. */
  files: { path: string; bytes: number }[];
}

export interface DownloadManifest {
  userId: string;
  /** Names this account's browser storage (also the `darasa_u` cookie). */
  userKey: string;
  /** Lets the device check the downloads are still the learner's even without a session. */
  grant: string;
  course: { id: string; title: string };
  episode: { id: string; order: number; title: string; duration: number };
  assetId: string;
  /** Signed base URL for the files: `${base}/${file.path}`. */
  base: string;
  options: DownloadOption[];
}

/** POST /api/offline/check answers which of the device's downloads it may keep. */
export interface DownloadCheckResult {
  entitled: string[];
}
