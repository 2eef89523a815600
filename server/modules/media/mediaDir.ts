import path from 'node:path';

/** Where an asset's processed files live: `<DATA_DIR>/media/<assetId>/`. Originals stay in uploads/. */
export function mediaDir(dataDir: string, assetId?: string): string {
  return assetId ? path.join(dataDir, 'media', assetId) : path.join(dataDir, 'media');
}
