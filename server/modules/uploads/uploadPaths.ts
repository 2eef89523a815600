import path from 'node:path';

/**
 * tus writes into `<DATA_DIR>/uploads/incoming/`; a finished, checked file is stored as `uploads/<assetId>.<ext>`.
 * A video whose original the media storage could not take at once waits in `uploads/held/` for its
 * processing job to store it (heldOriginals.ts).
 */
export const uploadPaths = (dataDir: string) => ({
  incoming: path.join(dataDir, 'uploads', 'incoming'),
  held: path.join(dataDir, 'uploads', 'held'),
});

/** The storage key of an asset's original. */
export const originalKey = (assetId: string, ext: string): string => `uploads/${assetId}.${ext}`;
