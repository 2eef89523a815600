import path from 'node:path';

/** Where uploads live: tus writes into `incoming/`; a finished, checked file moves to `<assetId>.<ext>`. */
export const uploadPaths = (dataDir: string) => ({
  incoming: path.join(dataDir, 'uploads', 'incoming'),
  original: (assetId: string, ext: string) => path.join(dataDir, 'uploads', `${assetId}.${ext}`),
});
