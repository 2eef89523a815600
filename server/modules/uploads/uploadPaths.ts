import path from 'node:path';

/** tus writes into `<DATA_DIR>/uploads/incoming/`; a finished, checked file is stored as `uploads/<assetId>.<ext>`. */
export const uploadPaths = (dataDir: string) => ({
  incoming: path.join(dataDir, 'uploads', 'incoming'),
});

/** The storage key of an asset's original. */
export const originalKey = (assetId: string, ext: string): string => `uploads/${assetId}.${ext}`;
